import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { requestLogSinks } from '../../domain/request-log-sinks.ts';
import { logRow } from '../../features/analytics/testing/log-rows.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { LOG_BATCH_SIZE, type LogRecord, RequestLogWriter } from './request-log-writer.ts';
import { optimizedRecord } from './testing/optimized-record.ts';

function record(accountId: string, tokens = 10): LogRecord {
  const row = logRow(accountId, Date.now(), {
    optimization_level: null,
    tokens_in: tokens,
    original_tokens_in: tokens,
    actual_cost: 0.001,
    latency_ms: 12,
    original_text: 'user: hi',
    optimized_text: 'user: hi',
    response_text: 'hello',
  });
  return optimizedRecord(row, { start: 0, end: 1 });
}

describe('request log write-behind queue', () => {
  const server = useTestServer();
  let accountId: string;
  before(async () => {
    accountId = (await signUpSubscribed(server)).accountId;
  });

  // The server's own writer shares the spill folder and may replay what a test writer spilled;
  // let it finish before counting.
  const count = async () => {
    await server.app.gateway.logs.flush();
    const row = await server.deps.db.kysely
      .selectFrom('request_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  test('close() drains every queued row and sums usage per period', async () => {
    const writer = new RequestLogWriter(server.deps, requestLogSinks);
    const before = await count();
    for (let i = 0; i < 1_234; i++) writer.enqueue(record(accountId));
    await writer.close();
    assert.equal(await count(), before + 1_234);
    const usage = await server.deps.db.kysely
      .selectFrom('usage_periods')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('period_start', '=', 0)
      .executeTakeFirstOrThrow();
    assert.equal(usage.total_requests, 1_234);
    assert.equal(usage.total_original_tokens, 12_340);
  });

  test('while the database refuses writes, rows spill to disk and are replayed later', async () => {
    const writer = new RequestLogWriter(server.deps, requestLogSinks);
    const before = await count();
    // Make inserts fail the way a broken database would.
    await sql`ALTER TABLE request_logs RENAME TO request_logs_away`.execute(server.deps.db.kysely);
    for (let i = 0; i < 50; i++) writer.enqueue(record(accountId));
    await writer.flush();
    assert.equal(writer.pending(), 0, 'nothing held in memory');
    const spillDir = join(server.dataDir, 'spill');
    assert.ok(existsSync(spillDir) && readdirSync(spillDir).length > 0, 'rows are on disk');
    await sql`ALTER TABLE request_logs_away RENAME TO request_logs`.execute(server.deps.db.kysely);
    await writer.close();
    assert.equal(await count(), before + 50);
    assert.deepEqual(readdirSync(spillDir), [], 'spill files are removed once replayed');
  });

  test('replaying rows that were already written adds nothing twice (crash mid-replay)', async () => {
    const records = Array.from({ length: 20 }, () => record(accountId, 7));
    const first = new RequestLogWriter(server.deps, requestLogSinks);
    for (const r of records) first.enqueue(r);
    await first.close();
    const usageOf = async () =>
      (
        await server.deps.db.kysely
          .selectFrom('usage_periods')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('period_start', '=', 0)
          .executeTakeFirstOrThrow()
      ).total_requests;
    const rowsBefore = await count();
    const usageBefore = await usageOf();
    // A process died after writing these rows but before removing its claimed spill file.
    const spillDir = join(server.dataDir, 'spill');
    mkdirSync(spillDir, { recursive: true });
    writeFileSync(
      join(spillDir, 'pending-1.jsonl.replaying-999999-1'),
      records.map((r) => `${JSON.stringify(r)}\n`).join(''),
    );
    const second = new RequestLogWriter(server.deps, requestLogSinks);
    await second.close();
    assert.equal(await count(), rowsBefore);
    assert.equal(await usageOf(), usageBefore);
    assert.deepEqual(readdirSync(spillDir), []);
  });

  test('rows wait for a full batch or LOG_FLUSH_MS, and a full batch commits at once', async () => {
    const batches: number[] = [];
    const watch = { writing: (r: readonly LogRecord[]) => batches.push(r.length), written() {} };
    const slow = { ...server.deps, config: { ...server.deps.config, logFlushMs: 5_000 } };
    const writer = new RequestLogWriter(slow, requestLogSinks, watch);
    const before = await count();
    for (let i = 0; i < LOG_BATCH_SIZE - 1; i++) writer.enqueue(record(accountId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(batches, [], 'a part batch waits for the interval');
    writer.enqueue(record(accountId));
    await writer.flush();
    assert.deepEqual(batches, [LOG_BATCH_SIZE], 'the full batch went in one transaction');
    for (let i = 0; i < 10; i++) writer.enqueue(record(accountId));
    await writer.close();
    assert.deepEqual(batches, [LOG_BATCH_SIZE, 10], 'close() drains the rest');
    assert.equal(await count(), before + LOG_BATCH_SIZE + 10);

    const quick = { ...server.deps, config: { ...server.deps.config, logFlushMs: 50 } };
    const timed = new RequestLogWriter(quick, requestLogSinks, watch);
    timed.enqueue(record(accountId));
    await waitFor('the interval to write a lone row', () => batches.length === 3);
    await timed.close();
  });

  test('rows that arrive while a batch is written wait for a full batch or the next flush', async () => {
    const batches: number[] = [];
    let committed = 0;
    let writer: RequestLogWriter | undefined;
    const watch = {
      writing: (r: readonly LogRecord[]) => batches.push(r.length),
      // Requests answered while the first batch was being written.
      written: () => {
        committed++;
        if (batches.length === 1) for (let i = 0; i < 5; i++) writer?.enqueue(record(accountId));
      },
    };
    const slow = { ...server.deps, config: { ...server.deps.config, logFlushMs: 60_000 } };
    writer = new RequestLogWriter(slow, requestLogSinks, watch);
    const before = await count();
    for (let i = 0; i < LOG_BATCH_SIZE; i++) writer.enqueue(record(accountId));
    // Waits for the commit itself, however long a loaded machine takes over it, then gives a
    // wrongly eager writer a moment to start a second batch.
    await waitFor('the full batch committed', () => committed === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(batches, [LOG_BATCH_SIZE], 'the part batch was not written on its own');
    assert.equal(writer.pending(), 5);
    await writer.flush();
    assert.deepEqual(batches, [LOG_BATCH_SIZE, 5], 'a flush writes every row queued before it');
    await writer.close();
    assert.equal(await count(), before + LOG_BATCH_SIZE + 5);
  });

  test('close() writes rows queued while it drains instead of spilling them', async () => {
    let writer: RequestLogWriter | undefined;
    let added = false;
    let written = 0;
    const watch = {
      writing: (r: readonly LogRecord[]) => {
        written += r.length;
      },
      written: () => {
        if (added) return;
        added = true;
        for (let i = 0; i < 3; i++) writer?.enqueue(record(accountId));
      },
    };
    writer = new RequestLogWriter(server.deps, requestLogSinks, watch);
    const before = await count();
    for (let i = 0; i < 10; i++) writer.enqueue(record(accountId));
    await writer.close();
    assert.equal(written, 13, 'written by this writer, none left to a spill file');
    assert.equal(await count(), before + 13);
  });

  test('a full queue spills instead of growing memory', async () => {
    const small = { ...server.deps, config: { ...server.deps.config, logQueueMax: 100 } };
    const writer = new RequestLogWriter(small, requestLogSinks);
    const before = await count();
    for (let i = 0; i < 300; i++) writer.enqueue(record(accountId));
    assert.ok(writer.pending() <= 100);
    await writer.close();
    assert.equal(await count(), before + 300);
  });

  test("a record's deferred columns are filled in once, before its row is written", async () => {
    const writer = new RequestLogWriter(server.deps, requestLogSinks);
    const later = record(accountId);
    let runs = 0;
    later.complete = () => {
      runs += 1;
      later.row.difficulty = 'complex';
    };
    const failing = record(accountId);
    failing.complete = () => {
      throw new Error('scoring broke');
    };
    writer.enqueue(later);
    writer.enqueue(failing);
    await writer.close();
    assert.equal(runs, 1);
    const rows = await server.deps.db.kysely
      .selectFrom('request_logs')
      .select(['id', 'difficulty'])
      .where('id', 'in', [later.row.id, failing.row.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.difficulty]));
    assert.equal(byId.get(later.row.id), 'complex');
    assert.ok(byId.has(failing.row.id), 'a failed deferred column never costs the row');
  });
});
