import { after, before } from 'node:test';

/**
 * Starts something (a server, a mock provider) before the enclosing describe's tests and stops it
 * after them. The answer stands in for it from the first test on, so test bodies use it directly
 * (`server.deps`, `mock.enqueue(…)`) without each file repeating a `let` and a before/after pair.
 */
export function useStarted<T extends object>(
  start: () => Promise<T>,
  stop: (started: T) => unknown,
): T {
  let started: T | undefined;
  before(async () => {
    started = await start();
  });
  after(async () => {
    if (started) await stop(started);
  });
  const current = (): T => {
    if (!started) throw new Error('useStarted: it starts in before(); use it inside a test');
    return started;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      const value = Reflect.get(target, key);
      // Bound, so a method reaches its own object (and any private fields), not the stand-in.
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, key) => Reflect.has(current(), key),
  });
}
