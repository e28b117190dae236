import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type KyselyPlugin, type QueryId, sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Period } from '../../domain/billing/billing-period.ts';
import { findUsage } from '../../domain/billing/usage.repository.ts';
import { requestLogSinks } from '../../domain/request-log-sinks.ts';
import { logRow } from '../../features/analytics/testing/log-rows.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { type LogRecord, RequestLogWriter } from '../log/request-log-writer.ts';
import { optimizedRecord } from '../log/testing/optimized-record.ts';
import { AccountStateCache } from './account-state.ts';

/** A finished optimized request's log record, as log/finish.ts hands it over. */
function optimizedRequest(accountId: string, period: Period, tokens: number): LogRecord {
  const row = logRow(accountId, Date.now(), { tokens_in: tokens, original_tokens_in: tokens });
  return optimizedRecord(row, period);
}

/** Lets the event loop run one round: pending queries and flush steps move on. */
const oneTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type FlushAt = 'before the read' | `${number} turns into the read` | 'after the read' | 'never';
const FLUSH_POINTS: FlushAt[] = [
  'before the read',
  ...[0, 1, 2, 3, 4, 6, 8].map((n): FlushAt => `${n} turns into the read`),
  'after the read',
  'never',
];

describe('account state while the request log flushes: the quota is never undercounted', () => {
  const server = useTestServer();
  let accountId: string;
  let period: Period;
  let accounts: AccountStateCache;
  let writer: RequestLogWriter;
  /** The server's deps with a spill folder of the test's own: the server's writer must not replay its rows. */
  let writerDeps: AppDeps;
  /** Every optimized token spent so far, flushed or not: what the account has really used. */
  let spent = 0;

  before(async () => {
    accountId = (await signUpSubscribed(server)).accountId;
    accounts = new AccountStateCache(server.deps);
    const dataDir = mkdtempSync(join(tmpdir(), 'tokenwise-account-state-'));
    writerDeps = { ...server.deps, config: { ...server.deps.config, dataDir } };
    writer = new RequestLogWriter(writerDeps, requestLogSinks, accounts.logWrites);
    const state = await accounts.get(accountId);
    assert.ok(state.period, 'a subscribed account has a billing period');
    period = state.period;
    spent = state.optimizedTokensUsed;
  });
  after(async () => {
    await writer.close();
    rmSync(writerDeps.config.dataDir, { recursive: true, force: true });
  });

  function spend(tokens: number): void {
    const record = optimizedRequest(accountId, period, tokens);
    accounts.countPending(record);
    writer.enqueue(record);
    spent += tokens;
  }

  /** The room a request would see is never more than the room really left. */
  async function assertRoomAtMostTrue(when: string): Promise<void> {
    const state = await accounts.get(accountId);
    assert.ok(
      state.quota - state.optimizedTokensUsed <= state.quota - spent,
      `${when}: saw ${state.optimizedTokensUsed} tokens used, ${spent} were spent`,
    );
  }

  for (const flushAt of FLUSH_POINTS) {
    test(`tokens spent before and during a read, flushed ${flushAt}`, async () => {
      accounts.invalidate(accountId);
      spend(40);
      if (flushAt === 'before the read') await writer.flush();
      spend(7); // counted before the read, left unflushed
      // What had been spent when the read answered (it may answer before the loop below ends).
      const reading = accounts.get(accountId).then((state) => ({ state, spentThen: spent }));
      let flushing: Promise<void> | undefined;
      const turns = /^(\d+) turns/.exec(flushAt)?.[1];
      for (let turn = 0; turn <= 8; turn++) {
        if (turn === 2) spend(11); // a request finishing while the read runs
        if (turns !== undefined && turn === Number(turns)) flushing = writer.flush();
        await oneTurn();
      }
      const { state, spentThen } = await reading;
      assert.ok(
        state.optimizedTokensUsed >= spentThen,
        `the read saw ${state.optimizedTokensUsed} tokens used, ${spentThen} were spent`,
      );
      await flushing;
      await assertRoomAtMostTrue('after the read');
      spend(3);
      if (flushAt === 'after the read') await writer.flush();
      await assertRoomAtMostTrue('from the memo');

      // Once all is written and read again, the count is exact: no overcount sticks.
      await writer.flush();
      accounts.invalidate(accountId);
      assert.equal((await accounts.get(accountId)).optimizedTokensUsed, spent);
    });
  }

  test('requests arriving together share one read, and each sees every token spent', async () => {
    accounts.invalidate(accountId);
    spend(5);
    const together = Array.from({ length: 6 }, () => accounts.get(accountId));
    spend(9);
    const flushing = writer.flush();
    for (const state of await Promise.all(together)) {
      assert.ok(
        state.optimizedTokensUsed >= spent,
        `one saw ${state.optimizedTokensUsed} of ${spent}`,
      );
    }
    await flushing;
    await assertRoomAtMostTrue('after the shared read');
  });

  test('a row spilled while the database refuses writes counts until its replay commits it', async () => {
    await writer.flush();
    const db = server.deps.db.kysely;
    await sql`ALTER TABLE request_logs RENAME TO request_logs_away`.execute(db);
    try {
      spend(13);
      await writer.flush();
      assert.equal(writer.pending(), 0, 'the row went to disk');
      accounts.invalidate(accountId);
      await assertRoomAtMostTrue('while the row is on disk');
    } finally {
      await sql`ALTER TABLE request_logs_away RENAME TO request_logs`.execute(db);
    }
    // The writer waits a while after a failure before it replays; close() replays at once.
    await writer.close();
    writer = new RequestLogWriter(writerDeps, requestLogSinks, accounts.logWrites);
    const usage = await findUsage(server.deps.db.kysely, accountId, period);
    assert.equal(usage?.total_optimized_tokens, spent, 'the replay wrote the row');
    accounts.invalidate(accountId);
    assert.equal((await accounts.get(accountId)).optimizedTokensUsed, spent);
  });

  test('a flush committing while the usage query runs is counted once the read answers', async (t) => {
    if (server.deps.db.dialect !== 'postgres') {
      // The read holds the SQLite file's one connection: no commit can land inside its query.
      t.skip('needs PostgreSQL (DATABASE_URL)');
      return;
    }
    await writer.flush();
    let flushMidQuery = false;
    const usageQueries = new Set<QueryId>();
    // Lets the writer commit after the usage query has taken its snapshot, before the read gets
    // the answer: the read cannot tell whether the rows it was told of are in it.
    const plugin: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (JSON.stringify(node).includes('"usage_periods"')) usageQueries.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }) {
        if (flushMidQuery && usageQueries.has(queryId)) {
          flushMidQuery = false;
          await writer.flush();
        }
        return result;
      },
    };
    const { db } = server.deps;
    const racing = new AccountStateCache({
      ...server.deps,
      db: { ...db, kysely: db.kysely.withPlugin(plugin) },
    });
    await writer.close();
    writer = new RequestLogWriter(writerDeps, requestLogSinks, racing.logWrites);
    const record = optimizedRequest(accountId, period, 20);
    racing.countPending(record);
    writer.enqueue(record);
    spent += 20;
    flushMidQuery = true;
    const state = await racing.get(accountId);
    assert.equal(flushMidQuery, false, 'the flush ran inside the usage query');
    assert.equal(state.optimizedTokensUsed, spent);
  });

  test('an invalidated read does not fill the memo: the next request reads the change', async () => {
    accounts.invalidate(accountId);
    const stale = accounts.get(accountId);
    await server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ monthly_token_quota: 777 })
      .where('account_id', '=', accountId)
      .execute();
    accounts.invalidate(accountId);
    await stale;
    assert.equal((await accounts.get(accountId)).quota, 777);
  });
});
