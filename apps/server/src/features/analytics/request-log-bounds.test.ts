import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Db, openTestDatabase, type RequestLogRow } from '@tokenwise/db';
import { EXPORT_BATCH_CHARS, EXPORT_BATCH_SIZE } from './export.service.ts';
import {
  countRequests,
  exportBatches,
  pageRequests,
  SEARCH_WINDOW_ROWS,
} from './request-log.repository.ts';
import { logRow } from './testing/log-rows.ts';

/**
 * Decision 096: a tenant's dashboard reads of a large log hold the event loop one bounded step
 * at a time. Counts the turns the loop got (setImmediate callbacks run) while `work` ran.
 */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  running = false;
  return { result, turns };
}

const NOW = Date.UTC(2026, 10, 20);

describe('request log reads on a large log (decision 096)', () => {
  let db: Db & { close(): Promise<void> };
  const rows: RequestLogRow[] = [];

  before(async () => {
    db = await openTestDatabase();
    await db.kysely
      .insertInto('accounts')
      .values(['acc', 'wide'].map((id) => ({ id, name: id, created_at: NOW })))
      .execute();
    // Two windows and more of ordinary rows, then more rows in one millisecond than a window
    // holds: every third prompt carries the searched word.
    const total = SEARCH_WINDOW_ROWS * 2 + 300;
    for (let i = 0; i < total; i++) {
      rows.push(
        logRow('acc', NOW - 10_000 - i * 7, {
          original_text: i % 3 === 0 ? `user: find the needle ✓ ${i}` : `user: nothing ${i}`,
        }),
      );
    }
    for (let i = 0; i < SEARCH_WINDOW_ROWS + 50; i++) {
      rows.push(
        logRow('acc', NOW - 5_000, {
          id: `same-ms-${String(i).padStart(5, '0')}`,
          original_text: i % 3 === 0 ? `user: a needle ✓ at once ${i}` : 'user: hay',
        }),
      );
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db.kysely
        .insertInto('request_logs')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
  after(() => db.close());

  const newestFirst = (a: RequestLogRow, b: RequestLogRow) =>
    b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const matching = () => rows.filter((r) => r.original_text?.includes('needle')).sort(newestFirst);

  // 'NEEDLE ✓' has a letter SQLite cannot fold: its text is lower-cased in JavaScript, in smaller
  // windows (FOLDED_SEARCH_WINDOW_ROWS), which the crowded millisecond still overflows.
  for (const search of ['needle', 'NEEDLE ✓']) {
    test(`a search finds the same rows window by window, page after page, and counts them (${search})`, async () => {
      const filter = { search };
      const expected = matching();
      const seen: string[] = [];
      let keyset: { createdAt: number; id: string } | undefined;
      for (let page = 0; page < 40; page++) {
        const got = await pageRequests(db.kysely, db.dialect, 'acc', {
          from: 0,
          filter,
          after: keyset,
          limit: 100,
        });
        seen.push(...got.map((r) => r.id));
        const last = got.at(-1);
        if (!last || got.length < 100) break;
        keyset = { createdAt: last.created_at, id: last.id };
      }
      assert.deepEqual(
        seen,
        expected.map((r) => r.id),
        'every match once, newest first, across windows and the crowded millisecond',
      );
      const counted = await countRequests(db.kysely, db.dialect, 'acc', {
        from: 0,
        filter,
        cap: 100_000,
      });
      assert.equal(counted, expected.length);
      const capped = await countRequests(db.kysely, db.dialect, 'acc', {
        from: 0,
        filter,
        cap: 10,
      });
      assert.equal(capped, 11, 'still stops one past the cap');
    });
  }

  test('a search that matches nothing lets other requests run between its windows', async () => {
    const { result, turns } = await turnsDuring(() =>
      pageRequests(db.kysely, db.dialect, 'acc', {
        from: 0,
        filter: { search: 'zzz-no-such-word' },
        limit: 50,
      }),
    );
    assert.deepEqual(result, []);
    // PostgreSQL runs the query in its own process: the loop is free meanwhile anyway.
    if (db.dialect === 'sqlite') assert.ok(turns >= 3, `the loop got ${turns} turns`);
  });

  test('an export reads rows of long prompts fewer at a time, with a turn between batches', async () => {
    const long = 'x'.repeat(32_000);
    const wide: RequestLogRow[] = Array.from({ length: 60 }, (_, i) =>
      logRow('wide', NOW - 1_000 - i, { original_text: long, optimized_text: long }),
    );
    const narrow: RequestLogRow[] = Array.from({ length: EXPORT_BATCH_SIZE * 2 }, (_, i) =>
      logRow('wide', NOW - 100_000 - i),
    );
    await db.kysely
      .insertInto('request_logs')
      .values([...wide, ...narrow])
      .execute();
    const sizes: number[] = [];
    const { turns } = await turnsDuring(async () => {
      for await (const batch of exportBatches(db.kysely, db.dialect, 'wide', {
        from: 0,
        filter: {},
        batchSize: EXPORT_BATCH_SIZE,
        batchChars: EXPORT_BATCH_CHARS,
      })) {
        const chars = batch.reduce(
          (n, r) => n + (r.original_text?.length ?? 0) + (r.optimized_text?.length ?? 0),
          0,
        );
        if (batch.every((r) => r.original_text === long)) {
          assert.ok(chars <= EXPORT_BATCH_CHARS, `a batch of long rows held ${chars} characters`);
        }
        sizes.push(batch.length);
      }
    });
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      wide.length + narrow.length,
    );
    assert.ok(sizes.length >= 4, `long rows came in several batches: ${sizes.join(', ')}`);
    assert.ok(Math.max(...sizes) === EXPORT_BATCH_SIZE, 'short rows come a full batch at a time');
    assert.ok(turns >= sizes.length - 1, `the loop got ${turns} turns for ${sizes.length} batches`);
  });
});
