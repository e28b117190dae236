import type { Logger } from 'pino';
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
  /**
   * The part of each limit this instance may spend: 1 while counts are shared (or there is only
   * this instance), DEGRADED_LIMIT_SHARE while Redis is lost and counts are this instance's own.
   */
  share(): number;
  /** Whether counts are this instance's own because Redis is lost. */
  degraded(): boolean;
  close(): Promise<void>;
}

/** `limit` scaled to the share this instance may spend now; never below 1. */
export function limitNow(counters: CounterStore, limit: number): number {
  return Math.max(1, Math.floor(limit * counters.share()));
}

interface MemoryCounterStore extends CounterStore {
  /** The live counts and the milliseconds left of their windows. */
  entries(): { key: string; count: number; remainingMs: number }[];
}

export function createMemoryCounterStore(clock: () => number = Date.now): MemoryCounterStore {
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
    share: () => 1,
    degraded: () => false,
    entries() {
      const now = clock();
      return [...counters]
        .filter(([, e]) => e.expiresAt > now)
        .map(([key, e]) => ({ key, count: e.count, remainingMs: e.expiresAt - now }));
    },
    async close() {},
  };
}

// A window that ended must not come back as a count of -1 that never expires.
const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

// A window's count carried into Redis: added to what other instances counted meanwhile, and the
// window kept where Redis already has one.
const CARRY = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return n
`;

/**
 * Counters in Redis. While Redis is unreachable (a call fails within the connection's timeout)
 * they are counted in this instance's memory instead, and `share()` tells callers to allow only
 * DEGRADED_LIMIT_SHARE of each limit, so N instances with a share of 1/N cannot together pass it:
 * sign-in and the other limits keep working, and keep throttling. Once the connection is ready
 * again, the local counts are added into Redis (a wait or a lockout earned meanwhile holds on every
 * instance) and counting is shared again (decision 136).
 */
export function createRedisCounterStore(
  url: string,
  log: Logger,
  prefix = 'tw:',
  { degradedShare = 0.5, clock = Date.now }: { degradedShare?: number; clock?: () => number } = {},
): CounterStore {
  const redis = connectRedis(url, log, 'counters');
  // Set while Redis is lost: this instance's own counts.
  let local: MemoryCounterStore | undefined;
  let recovering: Promise<void> | undefined;

  const goLocal = (err: unknown): MemoryCounterStore => {
    if (!local) {
      local = createMemoryCounterStore(clock);
      log.warn(
        { err, share: degradedShare },
        'Redis counters unreachable; counting on this instance with its share of each limit',
      );
    }
    return local;
  };
  const carryBack = async (from: MemoryCounterStore) => {
    const entries = from.entries().filter((e) => e.count > 0);
    const tx = redis.multi();
    for (const e of entries) tx.eval(CARRY, 1, prefix + e.key, e.count, Math.max(1, e.remainingMs));
    const results = await tx.exec();
    const failed = results?.find(([err]) => err)?.[0];
    if (!results || failed) throw failed ?? new Error('Redis transaction discarded');
    if (local === from) local = undefined;
    log.info({ carried: entries.length }, 'Redis counters reachable again; counts are shared');
  };
  const run = async <T>(
    remote: () => Promise<T>,
    fallback: (store: CounterStore) => Promise<T>,
  ): Promise<T> => {
    if (local) {
      // Not ready: reconnecting in the background; no use waiting out a timeout on each call.
      if (redis.status !== 'ready') return fallback(local);
      const from = local;
      recovering ??= carryBack(from)
        .catch(() => undefined)
        .finally(() => {
          recovering = undefined;
        });
      await recovering;
      if (local) return fallback(local);
    }
    try {
      return await remote();
    } catch (err) {
      return fallback(goLocal(err));
    }
  };
  return {
    increment(key, windowMs) {
      const k = prefix + key;
      return run(
        async () => {
          const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
            [unknown, number],
          ];
          return count;
        },
        (s) => s.increment(key, windowMs),
      );
    },
    decrement(key) {
      return run(
        async () => {
          await redis.eval(DECREMENT, 1, prefix + key);
        },
        (s) => s.decrement(key),
      );
    },
    get(key) {
      return run(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        (s) => s.get(key),
      );
    },
    remainingMs(key) {
      // PTTL answers -2 for a missing key and -1 for one without expiry (never written here).
      return run(
        async () => Math.max(0, await redis.pttl(prefix + key)),
        (s) => s.remainingMs(key),
      );
    },
    reset(key) {
      return run(
        async () => {
          await redis.del(prefix + key);
        },
        (s) => s.reset(key),
      );
    },
    async reachable() {
      if (redis.status !== 'ready') return false;
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
    share: () => (local ? degradedShare : 1),
    degraded: () => local !== undefined,
    async close() {
      redis.disconnect();
    },
  };
}
