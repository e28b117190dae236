import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import pino from 'pino';
import { acceptsConnections } from '../testing/redis-available.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { waitFor } from '../testing/wait-for.ts';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
  limitNow,
} from './counter-store.ts';

// The machines (and .ci/run) keep a Redis on loopback; each run writes under its own prefix.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A fresh machine has no Redis: the README's `npm test` must pass there, as the other Redis
// suites do by skipping.
const redisPort = Number(new URL(REDIS_URL).port || 6379);
const redisUp = await acceptsConnections(redisPort);

const stores: [name: string, open: () => CounterStore][] = [
  ['memory', () => createMemoryCounterStore()],
  [
    'redis',
    () => createRedisCounterStore(REDIS_URL, pino({ level: 'silent' }), `tw-test:${randomUUID()}:`),
  ],
];

for (const [name, open] of stores) {
  const skip = name === 'redis' && !redisUp && `needs Redis at ${REDIS_URL}`;
  describe(`counter store (${name})`, { skip }, () => {
    test('counts within a window, says how long it has left, and resets', async () => {
      const counters = open();
      try {
        assert.equal(await counters.get('k'), 0);
        assert.equal(await counters.remainingMs('k'), 0, 'no window before the first hit');
        assert.equal(await counters.increment('k', 60_000), 1);
        assert.equal(await counters.increment('k', 1_000), 2, 'a later hit keeps the window');
        assert.equal(await counters.get('k'), 2);
        const left = await counters.remainingMs('k');
        assert.ok(left > 1_000 && left <= 60_000, `${left} ms left of the first hit's window`);
        await counters.reset('k');
        assert.equal(await counters.get('k'), 0);
        assert.equal(await counters.remainingMs('k'), 0);
      } finally {
        await counters.reset('k');
        await counters.close();
      }
    });

    test('takes back within a window, and leaves no count once the window ended', async () => {
      const counters = open();
      try {
        assert.equal(await counters.increment('d', 60_000), 1);
        assert.equal(await counters.increment('d', 60_000), 2);
        await counters.decrement('d');
        assert.equal(await counters.get('d'), 1);
        await counters.reset('d');
        await counters.decrement('d');
        assert.equal(await counters.get('d'), 0);
        assert.equal(await counters.remainingMs('d'), 0, 'no window made by the take-back');
      } finally {
        await counters.reset('d');
        await counters.close();
      }
    });
  });
}

describe('counter store (redis) while Redis is lost', {
  skip: !redisUp && `needs Redis at ${REDIS_URL}`,
}, () => {
  test('counts locally on its share, then carries the counts and their windows into Redis', async () => {
    const proxy = await startTcpProxy(redisPort);
    const prefix = `tw-test:${randomUUID()}:`;
    const log = pino({ level: 'silent' });
    const counters = createRedisCounterStore(`redis://127.0.0.1:${proxy.port}`, log, prefix, {
      degradedShare: 0.25,
    });
    // Another instance's view: straight to Redis.
    const other = createRedisCounterStore(REDIS_URL, log, prefix);
    try {
      assert.equal(await counters.increment('k', 60_000), 1);
      assert.equal(limitNow(counters, 30), 30, 'the whole limit while shared');
      await proxy.cut();
      assert.equal(await counters.increment('k', 60_000), 1, 'a local count of its own');
      assert.equal(await counters.increment('k', 60_000), 2);
      assert.equal(await counters.increment('local', 30_000), 1);
      assert.ok(counters.degraded());
      assert.equal(limitNow(counters, 30), 7, 'a quarter of 30');
      assert.equal(limitNow(counters, 3), 1, 'never below 1');
      assert.equal(await other.get('local'), 0, 'not in Redis meanwhile');

      await proxy.restore();
      await waitFor('counts to be shared again', async () => {
        await counters.get('k');
        return !counters.degraded();
      });
      assert.equal(limitNow(counters, 30), 30);
      assert.equal(await other.get('k'), 3, 'the local counts added to the shared one');
      assert.equal(await other.get('local'), 1, 'a key only counted locally');
      const left = await other.remainingMs('local');
      assert.ok(left > 0 && left <= 30_000, `its window kept: ${left} ms`);
      const kept = await other.remainingMs('k');
      assert.ok(kept > 30_000, `the shared window kept: ${kept} ms`);
    } finally {
      await other.reset('k');
      await other.reset('local');
      await other.close();
      await counters.close();
      await proxy.close();
    }
  });
});
