import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type CacheEntryRow,
  ensureRequestLogPartitions,
  requestLogPartitions,
} from '@tokenwise/db';
import { dashboardFigures } from '../features/analytics/testing/dashboard-figures.ts';
import { logRow, writeLogs } from '../features/analytics/testing/log-rows.ts';
import { signUpSubscribed, type TestServer } from '../testing/test-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { LogRetention, purgeExpiredRows } from './log-retention.ts';

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
/** Friday 2026-11-20 14:30 UTC. With the default 30 days, rows before Oct 21 14:00 go. */
const NOW = Date.UTC(2026, 10, 20, 14, 30);

describe('request-log retention', () => {
  const server = useTestServer({ clock: () => NOW });

  const db = () => server.deps.db.kysely;
  const idsOf = async (accountId: string) =>
    (
      await db()
        .selectFrom('request_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

  test('old rows and their votes go; recent rows, rollup figures and usage stay', async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const a = u.accountId;
    const old = logRow(a, NOW - 40 * D, { tokens_saved: 100, cost_saved: 0.01, actual_cost: 0.02 });
    const voted = logRow(a, NOW - 31 * D, { tokens_saved: 50, cost_saved: 0.005 });
    // Inside the 30d comparison's partial last hour, which is read from raw rows: kept.
    const edge = logRow(a, NOW - 30 * D - 10 * MIN, { tokens_saved: 7, cost_saved: 0.0007 });
    const recent = logRow(a, NOW - H, { tokens_saved: 3 });
    const otherOld = logRow(other.accountId, NOW - 45 * D);
    const otherRecent = logRow(other.accountId, NOW - 2 * D);
    await writeLogs(server, [old, voted, edge, recent, otherOld, otherRecent]);
    assert.equal(
      (await u.api('POST', '/v1/evals/feedback', vote(voted.id, 'positive'))).status,
      200,
    );
    assert.equal(
      (await u.api('POST', '/v1/evals/feedback', vote(edge.id, 'negative'))).status,
      200,
    );

    // Last month's billing usage, as the writer would have counted it.
    await db()
      .insertInto('usage_periods')
      .values({
        account_id: a,
        period_start: NOW - 45 * D,
        period_end: NOW - 15 * D,
        total_requests: 3,
        optimized_requests: 3,
        passthrough_requests: 0,
        total_original_tokens: 30,
        total_optimized_tokens: 30,
        total_tokens_saved: 157,
        total_cost_saved: 0.0157,
      })
      .execute();
    const figures = async () => ({
      rollups: await rollupTables(server),
      a: await dashboardFigures(u.api),
      other: await dashboardFigures(other.api),
    });
    const before = await figures();
    assert.equal(before.a.all.stats.total_requests, 4, 'the seeded rows are counted');
    assert.ok(before.rollups.hourly.length > 0 && before.rollups.usage.length > 0);

    const purged = await server.app.gateway.retention.runNow();

    assert.equal(purged.requestLogs, 3);
    assert.deepEqual(await idsOf(a), [edge.id, recent.id].sort());
    assert.deepEqual(await idsOf(other.accountId), [otherRecent.id], 'each account keeps its own');
    assert.deepEqual(await figures(), before, 'totals, charts, savings and usage are unchanged');

    const gone = await u.api('GET', `/v1/analytics/requests/${voted.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.message, 'Request not found');
    assert.equal((await u.api('GET', `/v1/analytics/requests/${edge.id}`)).status, 200);
    const page = await u.api('GET', '/v1/analytics?time_range=all');
    assert.deepEqual(
      page.body.recent_requests.map((r: { id: string }) => r.id),
      [recent.id, edge.id],
    );

    const votes = await db().selectFrom('eval_feedback').select('request_id').execute();
    assert.deepEqual(
      votes.map((v) => v.request_id),
      [edge.id],
      'the vote on the purged request went with it',
    );
    assert.deepEqual((await u.api('GET', '/v1/evals/stats')).body, {
      total_evals: 1,
      thumbs_up: 0,
      thumbs_down: 1,
      satisfaction_rate: 0,
    });
  });

  test('a purge larger than one batch finishes, across accounts', async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const rows = [u.accountId, other.accountId].flatMap((id) =>
      Array.from({ length: 15 }, (_, i) => logRow(id, NOW - 60 * D + i * MIN)),
    );
    const kept = logRow(u.accountId, NOW - D);
    await writeLogs(server, [...rows, kept]);

    const purged = await purgeExpiredRows(server.deps, { batchSize: 7 });

    assert.equal(purged.requestLogs, 30);
    assert.deepEqual(await idsOf(u.accountId), [kept.id]);
    assert.deepEqual(await idsOf(other.accountId), []);
  });

  test('two instances purging the same rows at once both finish without errors', async () => {
    const u = await signUpSubscribed(server);
    await writeLogs(
      server,
      Array.from({ length: 40 }, (_, i) => logRow(u.accountId, NOW - 50 * D + i * MIN)),
    );

    const [first, second] = await Promise.all([
      purgeExpiredRows(server.deps, { batchSize: 5 }),
      purgeExpiredRows(server.deps, { batchSize: 5 }),
    ]);

    assert.equal(first.requestLogs + second.requestLogs, 40, 'each row deleted once');
    assert.deepEqual(await idsOf(u.accountId), []);
  });

  test('expired semantic-cache entries are deleted, live ones kept', async () => {
    const u = await signUpSubscribed(server);
    const entries = [
      cacheEntry(u.accountId, 'expired', NOW - MIN),
      cacheEntry(u.accountId, 'expires-now', NOW),
      cacheEntry(u.accountId, 'live', NOW + H),
    ];
    await db().insertInto('cache_entries').values(entries).execute();

    const purged = await purgeExpiredRows(server.deps);

    assert.equal(purged.cacheEntries, 2);
    const left = await db().selectFrom('cache_entries').select('id').execute();
    assert.deepEqual(
      left.map((r) => r.id),
      ['live'],
    );
  });

  test('LOG_RETENTION_DAYS=0 keeps request logs forever', async () => {
    const u = await signUpSubscribed(server);
    const ancient = logRow(u.accountId, NOW - 800 * D);
    await writeLogs(server, [ancient]);
    const keepForever = { ...server.deps, config: { ...server.deps.config, logRetentionDays: 0 } };

    assert.equal((await purgeExpiredRows(keepForever)).requestLogs, 0);
    assert.deepEqual(await idsOf(u.accountId), [ancient.id]);
  });

  test('scheduled purges run on one instance: the lease holder; another takes over when it stops', async () => {
    const first = new LogRetention(server.deps);
    const second = new LogRetention(server.deps);
    try {
      assert.ok(await first.runScheduled(), 'the first to ask takes the lease and purges');
      assert.equal(await second.runScheduled(), undefined, 'the other skips the hour');
      assert.ok(await first.runScheduled(), 'the holder renews it');
      await first.close();
      assert.ok(await second.runScheduled(), 'a stopped holder hands the lease on');
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('the lease is judged by the database clock: an instance whose clock runs ahead waits', async () => {
    const holder = new LogRetention(server.deps);
    const ahead = new LogRetention({ ...server.deps, clock: () => NOW + 3 * H });
    try {
      assert.ok(await holder.runScheduled(), 'the first to ask takes the lease');
      assert.equal(await ahead.runScheduled(), undefined, 'three hours ahead, it still waits');
    } finally {
      await holder.close();
      await ahead.close();
    }
  });

  test('a closed purger deletes nothing', async () => {
    const u = await signUpSubscribed(server);
    const old = logRow(u.accountId, NOW - 90 * D);
    await writeLogs(server, [old]);
    const retention = new LogRetention(server.deps);
    await retention.close();

    assert.deepEqual(await retention.runNow(), { requestLogs: 0, cacheEntries: 0 });
    assert.deepEqual(await idsOf(u.accountId), [old.id]);
  });
});

describe('request-log retention over month partitions (PostgreSQL; the same rows on SQLite)', () => {
  const server = useTestServer({ clock: () => NOW });
  const db = () => server.deps.db.kysely;
  const partitionNames = async () =>
    (await requestLogPartitions(server.deps.db))?.months.map((m) => m.name) ?? [];

  test('months before the cut-off go whole; in its month rows go per account; votes with them', async () => {
    // As an import of older rows would: their months exist before they arrive.
    await ensureRequestLogPartitions(server.deps.db, Date.UTC(2026, 7, 1), NOW);
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const at = (id: string, month: number, day: number) =>
      logRow(id, Date.UTC(2026, month - 1, day, 9));
    const gone = [
      at(u.accountId, 8, 15),
      at(u.accountId, 9, 10),
      at(other.accountId, 9, 20),
      at(u.accountId, 10, 5),
      at(other.accountId, 10, 21), // 09:00, before the 14:00 cut-off
    ];
    const kept = [at(u.accountId, 10, 25), at(u.accountId, 11, 19), at(other.accountId, 10, 30)];
    await writeLogs(server, [...gone, ...kept]);
    for (const row of [gone[1], gone[3], kept[0]]) {
      const res = await u.api('POST', '/v1/evals/feedback', vote(row?.id ?? '', 'positive'));
      assert.equal(res.status, 200);
    }
    const before = await dashboardFigures(u.api);

    const purged = await purgeExpiredRows(server.deps);

    assert.equal(purged.requestLogs, gone.length);
    const left = await db().selectFrom('request_logs').select('id').orderBy('id').execute();
    assert.deepEqual(
      left.map((r) => r.id),
      kept.map((r) => r.id).sort(),
    );
    const votes = await db().selectFrom('eval_feedback').select('request_id').execute();
    assert.deepEqual(votes, [{ request_id: kept[0]?.id }], 'votes went with their requests');
    assert.deepEqual(await dashboardFigures(u.api), before, 'figures come from the rollups');
    if (server.deps.db.dialect === 'postgres') {
      // The migration also made the months of the real date, which may lie past the test clock's:
      // the test clock's months are the ones asserted, and none before the cut-off's is left.
      const upToNextMonth = (await partitionNames()).filter(
        (name) => name <= 'request_logs_p202612',
      );
      assert.deepEqual(upToNextMonth, [
        'request_logs_p202610',
        'request_logs_p202611',
        'request_logs_p202612',
      ]);
    }
  });
});

function vote(requestId: string, feedback: 'positive' | 'negative') {
  return { request_id: requestId, feedback };
}

/** The rollups and usage counters, whole, in a stable order. */
async function rollupTables(server: TestServer) {
  const db = server.deps.db.kysely;
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    hourly: sorted(await db.selectFrom('analytics_hourly').selectAll().execute()),
    daily: sorted(await db.selectFrom('analytics_daily').selectAll().execute()),
    usage: sorted(await db.selectFrom('usage_periods').selectAll().execute()),
  };
}

function cacheEntry(accountId: string, id: string, expiresAt: number): CacheEntryRow {
  return {
    id,
    account_id: accountId,
    scope: `${accountId}|openai|gpt-4o`,
    provider: 'openai',
    model: 'gpt-4o-mini',
    exact_key: id,
    context_fingerprint: '',
    query_text: `question ${id}`,
    vector: '',
    embedder_id: 'local',
    response: '{}',
    tokens_in: 10,
    tokens_out: 5,
    cost: 0.001,
    hits: 0,
    tokens_saved: 0,
    cost_saved: 0,
    last_hit_at: null,
    demoted: 0,
    created_at: NOW - D,
    expires_at: expiresAt,
  };
}
