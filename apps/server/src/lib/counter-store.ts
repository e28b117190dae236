import type { Logger } from 'pino';
import { serviceUnavailable } from '../errors/app-error.ts';
import { connectRedis } from './redis-connection.ts';

/**
 * Fixed-window counters shared by every instance when Redis is configured
 * (login throttling and password-reset limits today; quotas and rate limits later).
 */
export interface CounterStore {
  /** Adds 1 to `key` and returns the new count; the window starts at the first hit. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Takes 1 back from `key` (something counted while it ran has ended); none once its window ended. */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<number>;
  /** Milliseconds until `key`'s window ends; 0 when it holds no count. */
  remainingMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Whether the store answers now (readiness probe); never throws. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryCounterStore(clock: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= clock()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      // Sweep expired keys now and then so an attack from many emails cannot grow memory forever.
      if (counters.size > 10_000) for (const k of counters.keys()) live(k);
      counters.set(key, { count: 1, expiresAt: clock() + windowMs });
      return 1;
    },
    async decrement(key) {
      const entry = live(key);
      if (entry) entry.count -= 1;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async remainingMs(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - clock() : 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async reachable() {
      return true;
    },
    async close() {},
  };
}

// A window that ended must not come back as a count of -1 that never expires.
const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Counters in Redis. While Redis is unreachable each call fails within the connection's timeout
 * with a 503: throttling fails closed rather than letting unlimited attempts through.
 */
export function createRedisCounterStore(url: string, log: Logger, prefix = 'tw:'): CounterStore {
  const redis = connectRedis(url, log, 'counters');
  const guarded = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch (err) {
      log.warn({ err }, 'Redis counter unavailable');
      throw serviceUnavailable();
    }
  };
  return {
    increment(key, windowMs) {
      const k = prefix + key;
      return guarded(async () => {
        const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
          [unknown, number],
        ];
        return count;
      });
    },
    decrement(key) {
      return guarded(async () => {
        await redis.eval(DECREMENT, 1, prefix + key);
      });
    },
    get(key) {
      return guarded(async () => Number((await redis.get(prefix + key)) ?? 0));
    },
    remainingMs(key) {
      // PTTL answers -2 for a missing key and -1 for one without expiry (never written here).
      return guarded(async () => Math.max(0, await redis.pttl(prefix + key)));
    },
    reset(key) {
      return guarded(async () => {
        await redis.del(prefix + key);
      });
    },
    async reachable() {
      if (redis.status !== 'ready') return false;
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
    async close() {
      redis.disconnect();
    },
  };
}
