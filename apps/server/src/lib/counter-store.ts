import { Redis } from 'ioredis';

/**
 * Fixed-window counters shared by every instance when Redis is configured
 * (login throttling and password-reset limits today; quotas and rate limits later).
 */
export interface CounterStore {
  /** Adds 1 to `key` and returns the new count; the window starts at the first hit. */
  increment(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Milliseconds until `key`'s window ends; 0 when it holds no count. */
  remainingMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
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
    async close() {},
  };
}

export function createRedisCounterStore(url: string, prefix = 'tw:'): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async increment(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async remainingMs(key) {
      // PTTL answers -2 for a missing key and -1 for one without expiry (never written here).
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
