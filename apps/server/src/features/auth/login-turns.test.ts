import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryCounterStore } from '../../lib/counter-store.ts';
import { claimLoginAttempt } from './login-throttle.ts';

const BUSY = 'A sign-in to this account is already being checked. Please try again.';

describe('sign-ins at one pair taking turns (decision 218)', () => {
  test('at most 10 wait at once, also once the waiting has gone on longer than a claim lasts', async () => {
    // Review (stop 48): the waiters were counted in the store under a 10-second window that
    // started with the first of them and was never renewed. Past it the count began again at 0
    // while the earlier ones still waited, and their ends then took it below 0: 10 more could
    // wait each window, each polling the store 40 times a second.
    let now = 0;
    const counters = createMemoryCounterStore(() => now);
    const claim = () => claimLoginAttempt(counters, 'turns@example.com', '127.0.3.1');
    /** A waiter that ends its attempt as soon as its turn comes; resolves to how it ended. */
    const waiter = () =>
      claim().then(
        async (release) => {
          await release();
          return 'had its turn';
        },
        (err: Error) => err.message,
      );
    /** How an attempt ended within `ms`, or 'waiting'. */
    const within = (p: Promise<string>, ms: number) =>
      Promise.race([p, sleep(ms).then(() => 'waiting')]);

    const first = await claim();
    const firstWaiter = claim();
    await sleep(60);
    now = 5_000;
    await first();
    // The waiter holds the claim now (from 5 s to 15 s); the count of waiters began at 0 s.
    const holder = await firstWaiter;
    const waiting = Array.from({ length: 10 }, waiter);
    await sleep(60);
    assert.equal(await within(waiter(), 500), BUSY, 'an 11th is refused at once');

    now = 10_001;
    assert.equal(await within(waiter(), 500), BUSY, 'still 10 waiting: refused at once');

    await holder();
    assert.deepEqual(await Promise.all(waiting), Array(10).fill('had its turn'));
  });
});
