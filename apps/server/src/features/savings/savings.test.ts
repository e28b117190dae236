import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { logRow, makeReadOnlyMember, writeLogs } from '../analytics/testing/log-rows.ts';

const H = 3_600_000;
const D = 24 * H;
const NOW = Date.UTC(2026, 10, 20, 14, 30);
/** The 7d period is the 7 days ending now (`now` inside): from Nov 13 14:30 and 1 ms. */
const FROM_7D = NOW + 1 - 7 * D;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

describe('GET /v1/savings', () => {
  const server = useTestServer({ clock: () => NOW });

  test('against an A/B baseline sample: savings at the baseline cost, with a 95% interval', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    await writeLogs(server, [
      // Baseline sample: five requests at $0.01 and five at $0.03 (mean $0.02).
      ...[0.01, 0.03, 0.01, 0.03, 0.01, 0.03, 0.01, 0.03, 0.01, 0.03].map((cost, i) =>
        logRow(a, FROM_7D + i, { is_baseline: 1, actual_cost: cost }),
      ),
      // Not part of either sample: a failed baseline request and an over-quota passthrough.
      logRow(a, NOW - H, { is_baseline: 1, status: 'error', actual_cost: 0 }),
      logRow(a, NOW - H, { is_passthrough: 1, actual_cost: 0.05 }),
      // Four optimized requests costing $0.02 in all.
      logRow(a, NOW - 1 * D, { was_routed: 1, actual_cost: 0.006, cost_saved: 0.001 }),
      logRow(a, NOW - H, { cache_hit: 1, actual_cost: 0, cost_saved: 0.02 }),
      logRow(a, NOW - H, { actual_cost: 0.007, tokens_saved: 12, cost_saved: 0.001 }),
      logRow(a, NOW - H, { actual_cost: 0.007, tokens_saved: 8, cost_saved: 0.001 }),
      logRow(a, NOW - 8 * D, { is_baseline: 1, actual_cost: 9 }),
    ]);
    const res = await u.api('GET', '/v1/savings?range=7d');
    assert.equal(res.status, 200);
    const s = res.body.summary;
    // 4 requests would have cost 4 × $0.02 = $0.08; they cost $0.02.
    assert.equal(s.method, 'baseline');
    assert.equal(s.baseline_samples, 10);
    assert.equal(s.optimized_samples, 4);
    assert.equal(s.total_cost_without_optimization, 0.08);
    assert.equal(s.total_cost_with_optimization, 0.02);
    assert.equal(s.total_savings, 0.06);
    assert.equal(s.savings_percentage, 75);
    assert.equal(s.tokens_saved, 20);
    // Sample s.d. of the baseline = sqrt(10 × 0.01² / 9); the mean's standard error is that over
    // sqrt(10) = 0.0033333; the interval is 0.06 ± 4 × 1.96 × 0.0033333 = 0.06 ± 0.026133.
    assert.deepEqual(s.confidence_interval, [0.033867, 0.086133]);
    // Each stage at the baseline cost: the cache hit saved all $0.02, the routed request $0.014.
    assert.deepEqual(s.by_stage, { cache: 0.02, compression: 0.026, routing: 0.014 });

    const chart = res.body.chart_data as {
      date: string;
      baseline_cost: number;
      optimized_cost: number;
      savings: number;
    }[];
    assert.equal(chart.length, 8);
    assert.equal(chart[0]?.date, '2026-11-13');
    assert.deepEqual(chart[6], {
      date: '2026-11-19',
      baseline_cost: 0.02,
      optimized_cost: 0.006,
      savings: 0.014,
    });
    assert.deepEqual(chart[7], {
      date: '2026-11-20',
      baseline_cost: 0.06,
      optimized_cost: 0.014,
      savings: 0.046,
    });
    assert.deepEqual(chart[0], {
      date: '2026-11-13',
      baseline_cost: 0,
      optimized_cost: 0,
      savings: 0,
    });

    // Traffic began at the period start, 7 days before now.
    const days = (NOW - FROM_7D) / D;
    assert.deepEqual(res.body.projection, {
      daily_avg_cost: round6(0.02 / days),
      daily_avg_savings: round6(0.06 / days),
      monthly_baseline_cost: round6((0.08 / days) * 30),
      monthly_projected_cost: round6((0.02 / days) * 30),
      monthly_projected_savings: round6((0.06 / days) * 30),
    });
  });

  test('without a baseline sample: the per-request estimates, split by stage', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    await writeLogs(server, [
      // Three baseline requests are too few to measure against.
      ...[1, 2, 3].map((i) => logRow(a, NOW - i * H, { is_baseline: 1, actual_cost: 0.5 })),
      logRow(a, NOW - H, { cache_hit: 1, actual_cost: 0, cost_saved: 0.01 }),
      logRow(a, NOW - H, { was_routed: 1, actual_cost: 0.002, cost_saved: 0.003 }),
      logRow(a, NOW - H, { actual_cost: 0.004, tokens_saved: 40, cost_saved: 0.001 }),
      logRow(a, NOW - H, { status: 'error', cost_saved: 0.5 }),
      logRow(a, NOW - H, { is_passthrough: 1, actual_cost: 0.05 }),
    ]);
    const res = await u.api('GET', '/v1/savings?range=30d');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.summary, {
      total_savings: 0.014,
      savings_percentage: 70,
      total_cost_without_optimization: 0.02,
      total_cost_with_optimization: 0.006,
      baseline_samples: 3,
      optimized_samples: 3,
      tokens_saved: 40,
      confidence_interval: null,
      method: 'counterfactual',
      by_stage: { cache: 0.01, compression: 0.001, routing: 0.003 },
    });
    assert.equal(res.body.chart_data.length, 31, 'every day of the period, today included');
    assert.deepEqual(res.body.chart_data.at(-1), {
      date: '2026-11-20',
      baseline_cost: 0.02,
      optimized_cost: 0.006,
      savings: 0.014,
    });
    // Traffic started today: the projection divides by at least one day.
    assert.equal(res.body.projection.monthly_projected_savings, 0.42);
  });

  test('an account older than the period: quiet days of the period count in the daily average', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    await writeLogs(server, [
      // Sending since before the 7d period, then nothing until two days ago.
      logRow(a, FROM_7D - 3 * D, { actual_cost: 0.5, cost_saved: 0.5 }),
      logRow(a, NOW - 2 * D, { actual_cost: 0.07, cost_saved: 0.07 }),
    ]);
    const res = await u.api('GET', '/v1/savings?range=7d');
    // The whole period is the account's: $0.07 over 7 days, not over the last 3 days.
    const days = (NOW - FROM_7D) / D;
    assert.deepEqual(res.body.projection, {
      daily_avg_cost: round6(0.07 / days),
      daily_avg_savings: round6(0.07 / days),
      monthly_baseline_cost: round6((0.14 / days) * 30),
      monthly_projected_cost: round6((0.07 / days) * 30),
      monthly_projected_savings: round6((0.07 / days) * 30),
    });
  });

  test('a new account: the daily average runs from the hour of its first request, not from that UTC midnight', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    // The first request was at 01:20 yesterday: $0.30 spent and $0.30 saved in the 37.5 hours
    // from 01:00 to now (14:30), 0.192 a day. From the midnight before it, 38.5 hours: 0.187.
    await writeLogs(server, [
      logRow(a, NOW - 37.5 * H + 20 * 60_000, { actual_cost: 0.3, cost_saved: 0.3 }),
      logRow(a, NOW - H, { actual_cost: 0, cost_saved: 0 }),
    ]);
    const res = await u.api('GET', '/v1/savings?range=7d');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.projection, {
      daily_avg_cost: 0.192,
      daily_avg_savings: 0.192,
      monthly_baseline_cost: 11.52,
      monthly_projected_cost: 5.76,
      monthly_projected_savings: 5.76,
    });
  });

  test('an account with no traffic gets zeros, not errors', async () => {
    const u = await signUpSubscribed(server);
    const res = await u.api('GET', '/v1/savings');
    assert.equal(res.status, 200);
    assert.equal(res.body.summary.total_savings, 0);
    assert.equal(res.body.summary.savings_percentage, 0);
    assert.equal(res.body.chart_data.length, 31, '30d by default');
    assert.equal(res.body.projection.monthly_projected_cost, 0);
  });

  test('the CSV report has a line per day and the total; bad ranges are a 400', async () => {
    const u = await signUpSubscribed(server);
    await writeLogs(server, [
      logRow(u.accountId, NOW - H, { actual_cost: 0.004, cost_saved: 0.001 }),
    ]);
    const res = await fetch(`${server.url}/v1/savings/export/csv?range=7d`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    assert.equal(res.status, 200);
    assert.equal(
      res.headers.get('content-disposition'),
      'attachment; filename="tokenwise-savings-2026-11-20.csv"',
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    assert.equal(lines[0], 'date,baseline_cost,optimized_cost,savings');
    assert.equal(lines.length, 1 + 8 + 1);
    assert.equal(lines[8], '2026-11-20,0.005,0.004,0.001');
    assert.equal(lines[9], 'total,0.005,0.004,0.001');

    const bad = await u.api('GET', '/v1/savings?range=1y');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'range must be one of 7d, 30d, 90d');
  });

  test('read-only members can read savings; other accounts’ traffic never counts', async () => {
    const owner = await signUpSubscribed(server);
    const stranger = await signUpSubscribed(server);
    await writeLogs(server, [
      logRow(stranger.accountId, NOW - H, { actual_cost: 1, cost_saved: 1 }),
      logRow(owner.accountId, NOW - H, { actual_cost: 0.1, cost_saved: 0.2 }),
    ]);
    const viewer = await signUp(server);
    await makeReadOnlyMember(server, viewer, owner.accountId);
    const res = await viewer.api('GET', '/v1/savings');
    assert.equal(res.status, 200);
    assert.equal(res.body.summary.total_savings, 0.2);
  });
});
