import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { LastUsedTracker } from './last-used-tracker.ts';

function tracker(flushEveryMs: number) {
  const writes: Map<string, number>[] = [];
  let wrote: () => void = () => {};
  const written = () =>
    new Promise<void>((resolve) => {
      wrote = resolve;
    });
  const t = new LastUsedTracker(
    async (batch) => {
      writes.push(new Map(batch));
      wrote();
    },
    pino({ level: 'silent' }),
    'test key',
    flushEveryMs,
  );
  return { t, writes, written };
}

describe('LastUsedTracker', () => {
  it("writes a key's first use at once, not at the next scheduled batch", async () => {
    // The keys screen said 'Never' for up to LAST_USED_FLUSH_MS after a key's first request.
    const { t, writes, written } = tracker(3_600_000);
    try {
      const first = written();
      t.mark('k1', 1_000);
      await first;
      assert.deepEqual(writes, [new Map([['k1', 1_000]])]);
      // Later uses of a key already written wait for the batch.
      t.mark('k1', 2_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(writes.length, 1);
      await t.flush();
      assert.deepEqual(writes[1], new Map([['k1', 2_000]]));
    } finally {
      await t.close();
    }
  });
});
