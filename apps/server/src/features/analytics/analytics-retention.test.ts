import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestLogRow } from '@tokenwise/db';
import { rebuildRollups } from '../../domain/analytics/rollup-rebuild.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import { signUpSubscribed, type TestServer } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { dashboardFigures } from './testing/dashboard-figures.ts';
import { logRow, writeLogs } from './testing/log-rows.ts';

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;
/** Friday 2026-11-20 14:30 UTC. With the default 30 days, raw rows before Oct 21 14:00 go. */
const NOW = Date.UTC(2026, 10, 20, 14, 30);
const CUTOFF = Date.UTC(2026, 9, 21, 14);

type Api = Awaited<ReturnType<typeof signUpSubscribed>>['api'];

interface Page {
  stats: { total_requests: number };
  comparison: Record<string, number | null> | null;
  recent_requests: { id: string }[];
  pagination: {
    next_cursor: string | null;
    has_more: boolean;
    total_count: number;
    total_count_capped?: boolean;
    retention_days?: number;
  };
}

/** Every page of the request list for a query, as the dashboard's Load More walks it. */
async function listAll(api: Api, query: string) {
  const ids: string[] = [];
  const counts: number[] = [];
  let cursor: string | null = null;
  do {
    const more: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await api<Page>('GET', `/v1/analytics?${query}&limit=2${more}`);
    assert.equal(res.status, 200, query);
    ids.push(...res.body.recent_requests.map((r) => r.id));
    counts.push(res.body.pagination.total_count);
    cursor = res.body.pagination.next_cursor;
  } while (cursor);
  return { ids, counts };
}

const newestFirst = (rows: RequestLogRow[]) =>
  [...rows].sort((x, y) => y.created_at - x.created_at || (y.id < x.id ? -1 : 1)).map((r) => r.id);

describe('analytics after request logs are purged', () => {
  const server = useTestServer({ clock: () => NOW });

  test('the request list and its count start at the retention cut-off, before and after the purge', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    const old = [
      logRow(a, NOW - 60 * D),
      logRow(a, NOW - 40 * D, { provider: 'anthropic', model: 'claude-3-5-haiku' }),
      logRow(a, CUTOFF - MIN, { original_text: 'user: refund please' }),
    ];
    const kept = [
      logRow(a, CUTOFF, { original_text: 'user: refund again' }),
      logRow(a, NOW - 10 * D, { provider: 'anthropic', model: 'claude-3-5-haiku' }),
      logRow(a, NOW - D),
      logRow(a, NOW - H, { original_text: 'user: where is my refund' }),
      logRow(a, NOW - MIN),
    ];
    await writeLogs(server, [...old, ...kept]);

    const answers = async () => {
      const out: Record<string, unknown> = {};
      for (const query of [
        'time_range=90d',
        'time_range=all',
        'time_range=90d&provider=anthropic',
        'time_range=all&model=haiku',
        'time_range=90d&search=refund',
        'time_range=7d',
      ]) {
        out[query] = await listAll(u.api, query);
      }
      return out;
    };
    const listed = await answers();

    // The export holds the rows the list shows, not the ones waiting for the purge.
    const exported = await u.api<{ id: string }[]>(
      'GET',
      '/v1/analytics/export/json?time_range=90d',
    );
    assert.equal(exported.status, 200);
    assert.deepEqual(exported.body.map((r) => r.id).sort(), kept.map((r) => r.id).sort());

    // Rows older than the cut-off are hidden even while the purge has not reached them yet, so the
    // list does not shrink under the reader when it does.
    assert.deepEqual(listed['time_range=90d'], {
      ids: newestFirst(kept),
      counts: [5, 5, 5],
    });
    assert.deepEqual(listed['time_range=all'], listed['time_range=90d']);
    assert.deepEqual(listed['time_range=90d&provider=anthropic'], {
      ids: [kept[1]?.id],
      counts: [1],
    });
    assert.deepEqual(
      listed['time_range=all&model=haiku'],
      listed['time_range=90d&provider=anthropic'],
    );
    assert.deepEqual(listed['time_range=90d&search=refund'], {
      ids: newestFirst([kept[0], kept[3]] as RequestLogRow[]),
      counts: [2],
    });
    const week = kept.filter((r) => r.created_at >= NOW - 7 * D);
    assert.deepEqual(listed['time_range=7d'], { ids: newestFirst(week), counts: [3, 3] });

    const first = await u.api<Page>('GET', '/v1/analytics?time_range=90d');
    assert.equal(first.body.stats.total_requests, 8, 'stats still cover the whole period');
    assert.equal(first.body.pagination.retention_days, 30);

    const purged = await server.app.gateway.retention.runNow();
    assert.equal(purged.requestLogs, 3);
    assert.deepEqual(await answers(), listed);
    const after = await u.api<Page>('GET', '/v1/analytics?time_range=90d');
    assert.equal(after.body.stats.total_requests, 8);
  });

  test('periods starting or ending inside a purged hour read that hour from its rollup', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    // 90d is Aug 22 14:30 to now and the previous 90 days May 24 14:30 to Aug 22 14:30, both
    // starting (and the previous one ending) half-way through an hour long past the cut-off.
    const start = NOW + 1 - 90 * D;
    const previousStart = start - 90 * D;
    await writeLogs(server, [
      ...Array.from({ length: 11 }, (_, i) => logRow(a, NOW - (i + 1) * H)),
      ...Array.from({ length: 10 }, (_, i) => logRow(a, NOW - 100 * D + i * MIN)),
      // Both before 90d starts, in the hour it starts in.
      logRow(a, start - 20 * MIN),
      logRow(a, start - 10 * MIN),
      // Both inside the previous period, in the hour it starts in.
      logRow(a, previousStart + 10 * MIN),
      logRow(a, previousStart + 20 * MIN),
    ]);
    const read = async () => {
      const page = (await u.api<Page>('GET', '/v1/analytics?time_range=90d')).body;
      const chart = (page as unknown as { chart: { requests: number }[] }).chart;
      const models = (await u.api('GET', '/v1/analytics/models?time_range=90d')).body;
      const savings = (await u.api('GET', '/v1/savings?range=90d')).body;
      return {
        total: page.stats.total_requests,
        comparison: page.comparison,
        chartSum: chart.reduce((n, p) => n + p.requests, 0),
        models: (models as { models: { requests: number }[] }).models.map((m) => m.requests),
        samples: (savings as { summary: { optimized_samples: number } }).summary.optimized_samples,
      };
    };

    const before = await read();
    await server.app.gateway.retention.runNow();

    // Each of those hours counts half of its 2 rows on each side: 11 + 1 now against 10 + 1 + 1,
    // a steady workload, no change, in whole requests. From the raw rows it would have been
    // 11 against 14 (-21.4%) before the purge and 11 against 10 (+10%) after it.
    const expected = {
      total: 12,
      comparison: {
        total_requests_change: 0,
        tokens_saved_change: null,
        cost_savings_change: null,
        avg_latency_change: 0,
      },
      chartSum: 12,
      models: [12],
      samples: 12,
    };
    assert.deepEqual(before, expected);
    assert.deepEqual(await read(), expected);
  });

  test('a rebuild after the purge keeps the rollups of purged periods and repairs the rest', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    const cost = { tokens_saved: 10, cost_saved: 0.001, actual_cost: 0.002 };
    await writeLogs(server, [
      logRow(a, NOW - 60 * D, cost),
      logRow(a, NOW - 45 * D, { ...cost, provider: 'anthropic', model: 'claude-3-5-haiku' }),
      // The day holding the cut-off (Oct 21): two hours purged, one kept.
      logRow(a, CUTOFF - 4 * H, cost),
      logRow(a, CUTOFF - H, { ...cost, status: 'error' }),
      logRow(a, CUTOFF + 2 * H, cost),
      logRow(a, NOW - 3 * D, cost),
      logRow(a, NOW - H, { ...cost, cache_hit: 1 }),
    ]);
    await server.app.gateway.retention.runNow();
    const figures = await dashboardFigures(u.api);
    const oldRollups = await rollupsBefore(server, a, CUTOFF);
    assert.equal(figures.all.stats.total_requests, 7);
    const cutoffDay = figures.all.chart.find(
      (p: { date: string }) => p.date === '2026-10-21T00:00:00.000Z',
    );
    assert.equal(cutoffDay?.requests, 3);

    // Drift after the cut-off: the recent rollups lost (as after a botched repair).
    const db = server.deps.db.kysely;
    await db
      .deleteFrom('analytics_hourly')
      .where('account_id', '=', a)
      .where('bucket_start', '>=', CUTOFF)
      .execute();
    await db
      .deleteFrom('analytics_daily')
      .where('account_id', '=', a)
      .where('bucket_start', '>=', Date.UTC(2026, 9, 21))
      .execute();
    assert.equal(
      (await dashboardFigures(u.api)).all.stats.total_requests,
      2,
      'figures come from the rollups',
    );

    await rebuildRollups(db, [a], retainedFrom(server.deps.config.logRetentionDays, NOW));

    assert.deepEqual(await dashboardFigures(u.api), figures);
    assert.deepEqual(await rollupsBefore(server, a, CUTOFF), oldRollups, 'older rows untouched');
  });
});

/** The account's hourly rollups before `cutoff` and daily ones before its day, in a stable order. */
async function rollupsBefore(server: TestServer, accountId: string, cutoff: number) {
  const db = server.deps.db.kysely;
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    hourly: sorted(
      await db
        .selectFrom('analytics_hourly')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('bucket_start', '<', cutoff)
        .execute(),
    ),
    daily: sorted(
      await db
        .selectFrom('analytics_daily')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('bucket_start', '<', cutoff - (cutoff % (24 * 3_600_000)))
        .execute(),
    ),
  };
}
