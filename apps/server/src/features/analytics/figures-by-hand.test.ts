import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestLogRow } from '@tokenwise/db';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';
import { TEST_TIME_HEADER } from '../../gateway/wire/test-clock.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';

const H = 3_600_000;
const D = 24 * H;
/** Sunday 2026-11-29 00:20 UTC: twenty minutes after midnight. */
const NOW = Date.UTC(2026, 10, 29, 0, 20);
const iso = (t: number) => new Date(t).toISOString();

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const RANGE_HOURS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;
type Range = keyof typeof RANGE_HOURS;
/** The spec's period: the N hours ending now (`now` inside); the previous one the N hours before. */
const fromOf = (range: Range) => NOW + 1 - RANGE_HOURS[range] * H;

function statsOf(rows: RequestLogRow[]) {
  const n = rows.length;
  const latency = rows.reduce((s, r) => s + r.latency_ms, 0);
  return {
    total_requests: n,
    tokens_saved: rows.reduce((s, r) => s + r.tokens_saved, 0),
    cost_savings: round(
      rows.reduce((s, r) => s + r.cost_saved, 0),
      6,
    ),
    avg_latency_ms: n === 0 ? 0 : round(latency / n, 1),
  };
}

const change = (cur: number, prev: number) =>
  prev === 0 ? null : round(((cur - prev) / Math.abs(prev)) * 100, 1);

/**
 * A demanding user's check: known traffic through the real gateway, back-dated by the test clock
 * across midnight UTC and the 24h/7d/30d/90d edges; every figure computed by hand from the rows.
 */
describe('every analytics figure, computed by hand from known traffic', () => {
  const f = useGatewayFixture(
    // Every raw row kept, so 90d starts inside an hour read from raw rows: exact figures (past the
    // retention cut-off that hour is a share of its rollup, analytics-retention.test.ts).
    { TOKENWISE_TEST_CLOCK: '1', DIFFICULTY_SAMPLE_EVERY: '1', LOG_RETENTION_DAYS: '0' },
    () => NOW,
  );
  const problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    try {
      assert.deepEqual(actual, expected);
    } catch {
      problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  };

  const ask = (at: number, model: string, content: string, stream = false) =>
    f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content }], ...(stream ? { stream: true } : {}) },
      { headers: { [TEST_TIME_HEADER]: iso(at) } },
    );

  test('dashboard, breakdowns, savings, routing, cache, evals', async () => {
    const times: [number, string, string][] = [
      [NOW - 5 * 60_000, 'openai/gpt-4o-mini', 'Explain how tides work'],
      [Date.UTC(2026, 10, 28, 23, 59, 59, 999), 'openai/gpt-4o-mini', 'Explain how tides work'],
      [fromOf('24h'), 'anthropic/claude-haiku-4-5', 'Name three rivers in Africa'],
      [fromOf('24h') - 1, 'groq/llama-3.1-8b-instant', 'Name three rivers in Europe'],
      // 23.5 hours ago is in "the last 24 hours" (in the hour 24h starts in), 24.5 hours ago in
      // the 24 hours before them; likewise half an hour inside 7d, 30d and 90d.
      [NOW - 23.5 * H, 'openai/gpt-4o-mini', 'Name three rivers in Oceania'],
      [NOW - 24.5 * H, 'openai/gpt-4o-mini', 'Name three rivers in America'],
      [NOW - 7 * D + 0.5 * H, 'openai/gpt-4o-mini', 'Name a prime above 150'],
      [NOW - 30 * D + 0.5 * H, 'openai/gpt-4o', 'Name a prime above 350'],
      [NOW - 90 * D + 0.5 * H, 'openai/gpt-4o-mini', 'Name a prime above 550'],
      [Date.UTC(2026, 10, 27, 12), 'mistral/mistral-small-latest', 'Name three rivers in Asia'],
      [fromOf('7d'), 'openai/gpt-4o', 'What is the capital of France?'],
      [fromOf('7d') - 1, 'openai/gpt-4o-mini', 'Name a prime above 100'],
      [Date.UTC(2026, 10, 20, 10), 'openai/gpt-4o-mini', 'Name a prime above 200'],
      [fromOf('30d'), 'openai/gpt-4o-mini', 'Name a prime above 300'],
      [Date.UTC(2026, 9, 25), 'openai/gpt-4o-mini', 'Name a prime above 400'],
      [fromOf('90d'), 'openai/gpt-4o-mini', 'Name a prime above 500'],
      [Date.UTC(2026, 7, 1), 'openai/gpt-4o-mini', 'Name a prime above 600'],
    ];
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    for (const [at, model, content] of times) await ask(at, model, content);
    // The second 'tides' question is a cache hit. A streamed one and an error, both yesterday.
    const stream = await ask(
      Date.UTC(2026, 10, 28, 8),
      'openai/gpt-4o-mini',
      'Stream a haiku',
      true,
    );
    for await (const _ of stream as AsyncIterable<unknown>) {
      // drain
    }
    // Routed to a cheaper Mini model, refused there and by the named model it falls back to.
    f.mock.enqueue({ status: 400, errorMessage: 'refused by the test' });
    f.mock.enqueue({ status: 400, errorMessage: 'refused by the test' });
    await assert.rejects(ask(Date.UTC(2026, 10, 28, 9), 'openai/gpt-4o-mini', 'Refused one'));
    // An Anthropic stream and an embeddings call, today.
    const anthropicStream = f.anthropic.messages.stream(
      {
        model: 'anthropic/claude-haiku-4-5',
        max_tokens: 200,
        messages: [{ role: 'user', content: 'Stream a line about whales' }],
      },
      { headers: { [TEST_TIME_HEADER]: iso(NOW - 2 * 60_000) } },
    );
    await anthropicStream.finalMessage();
    await f.openai.embeddings.create(
      { model: 'openai/text-embedding-3-small', input: 'embed me' },
      { headers: { [TEST_TIME_HEADER]: iso(NOW - 3 * 60_000) } },
    );
    // 30 more today, for paging.
    for (let i = 0; i < 30; i++) {
      await ask(NOW - 10 * 60_000 - i * 1000, 'openai/gpt-4o-mini', `Paging question ${i}`);
    }
    const rows = await f.logs();
    // The traffic is what the figures below are meant to cover.
    assert.equal(rows.length, 51);
    assert.equal(rows.filter((r) => r.cache_hit === 1).length, 1);
    assert.equal(rows.filter((r) => r.status === 'error').length, 1);
    assert.equal(rows.filter((r) => r.is_stream === 1).length, 2);
    assert.equal(rows.filter((r) => r.endpoint === 'embeddings').length, 1);
    assert.ok(rows.some((r) => r.was_routed === 1));

    for (const range of ['24h', '7d', '30d', '90d'] as const) {
      const from = fromOf(range);
      const shift = RANGE_HOURS[range] * H;
      const cur = rows.filter((r) => r.created_at >= from);
      const prev = rows.filter((r) => r.created_at >= from - shift && r.created_at < from);
      const res = await f.user.api('GET', `/v1/analytics?time_range=${range}`);
      check(`${range} status`, res.status, 200);
      const expected = statsOf(cur);
      check(`${range} stats`, res.body.stats, expected);
      const p = statsOf(prev);
      check(`${range} comparison`, res.body.comparison, {
        total_requests_change: change(expected.total_requests, p.total_requests),
        tokens_saved_change: change(expected.tokens_saved, p.tokens_saved),
        cost_savings_change: change(expected.cost_savings, p.cost_savings),
        avg_latency_change: change(expected.avg_latency_ms, p.avg_latency_ms),
      });
      // Chart buckets.
      const unit = range === '24h' ? H : D;
      const points: { date: string; requests: number; cost_savings: number }[] = [];
      for (let t = from - (from % unit); t <= NOW - (NOW % unit); t += unit) {
        const inBucket = cur.filter((r) => r.created_at - (r.created_at % unit) === t);
        points.push({
          date: iso(t),
          requests: inBucket.length,
          cost_savings: round(
            inBucket.reduce((s, r) => s + r.cost_saved, 0),
            6,
          ),
        });
      }
      check(`${range} chart`, res.body.chart, points);
      // Breakdowns.
      for (const by of ['model', 'provider'] as const) {
        const keys = [...new Set(cur.map((r) => r[by]))];
        const want = keys
          .map((k) => {
            const s = statsOf(cur.filter((r) => r[by] === k));
            return {
              [by]: k,
              requests: s.total_requests,
              tokens_saved: s.tokens_saved,
              cost_savings: s.cost_savings,
              avg_latency_ms: s.avg_latency_ms,
            };
          })
          .sort((a, b) => b.requests - a.requests || String(a[by]).localeCompare(String(b[by])));
        const got = await f.user.api('GET', `/v1/analytics/${by}s?time_range=${range}`);
        check(`${range} ${by}s`, got.body[`${by}s`], want);
      }
    }

    // Paging through 30d: 25 per page, every row once, newest first.
    const listed: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    let totalCount = -1;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await f.user.api('GET', `/v1/analytics?time_range=30d${q}`);
      sizes.push(res.body.recent_requests.length);
      totalCount = res.body.pagination.total_count;
      listed.push(...res.body.recent_requests.map((r: { id: string }) => r.id));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    const in30 = rows.filter((r) => r.created_at >= fromOf('30d'));
    check(
      '30d listing',
      listed,
      in30.map((r) => r.id),
    );
    check('30d total_count', totalCount, in30.length);
    check('30d page sizes', sizes[0], 25);

    // Request detail and exports: the row's own values, numbers as numbers.
    for (const r of in30.slice(0, 40)) {
      const d = (await f.user.api('GET', `/v1/analytics/requests/${r.id}`)).body;
      check(
        `detail ${r.id}`,
        [
          d.tokens_in,
          d.tokens_out,
          d.tokens_saved,
          d.cost_saved,
          d.actual_cost,
          d.latency_ms,
          d.created_at,
          d.cache_hit,
          d.was_routed,
        ],
        [
          r.tokens_in,
          r.tokens_out,
          r.tokens_saved,
          r.cost_saved,
          r.actual_cost,
          r.latency_ms,
          iso(r.created_at),
          r.cache_hit === 1,
          r.was_routed === 1,
        ],
      );
    }
    const json = await f.user.api('GET', '/v1/analytics/export/json?time_range=30d');
    check(
      'json file name',
      json.headers.get('content-disposition'),
      'attachment; filename="tokenwise-analytics-2026-11-29.json"',
    );
    const exported = json.body as Record<string, unknown>[];
    check(
      'json export ids',
      exported.map((e) => e.id),
      in30.map((r) => r.id),
    );
    check(
      'json export numbers',
      exported.map((e) => [e.tokens_in, e.cost_saved, e.actual_cost, e.latency_ms]),
      in30.map((r) => [
        r.tokens_in,
        round(r.cost_saved, 12),
        round(r.actual_cost, 12),
        r.latency_ms,
      ]),
    );
    const csv = await f.user.api('GET', '/v1/analytics/export/csv?time_range=30d&cache_status=hit');
    check(
      'csv rows',
      String(csv.body).trim().split('\r\n').length - 1,
      in30.filter((r) => r.cache_hit === 1).length,
    );

    // Filters.
    for (const [q, pick] of [
      ['provider=anthropic', (r: RequestLogRow) => r.provider === 'anthropic'],
      ['cache_status=hit', (r: RequestLogRow) => r.cache_hit === 1],
      ['cache_status=miss', (r: RequestLogRow) => r.cache_hit === 0],
      ['status=error', (r: RequestLogRow) => r.status === 'error'],
      ['status=success', (r: RequestLogRow) => r.status === 'success'],
      ['model=4o-mini', (r: RequestLogRow) => r.model.includes('4o-mini')],
      ['search=rivers', (r: RequestLogRow) => /rivers/i.test(r.original_text ?? '')],
    ] as const) {
      const res = await f.user.api('GET', `/v1/analytics?time_range=30d&limit=100&${q}`);
      const want = in30.filter(pick);
      check(`filter ${q} count`, res.body.pagination.total_count, want.length);
      check(
        `filter ${q} rows`,
        res.body.recent_requests.map((r: { id: string }) => r.id),
        want.map((r) => r.id),
      );
    }

    // Savings (counterfactual: no baseline samples).
    for (const range of ['7d', '30d', '90d'] as const) {
      const from = fromOf(range);
      const opt = rows.filter(
        (r) =>
          r.created_at >= from && r.status === 'success' && !r.is_baseline && !r.is_passthrough,
      );
      const cost = opt.reduce((s, r) => s + r.actual_cost, 0);
      const saved = opt.reduce((s, r) => s + r.cost_saved, 0);
      const res = await f.user.api('GET', `/v1/savings?range=${range}`);
      const s = res.body.summary;
      check(`savings ${range} total`, s.total_savings, round(saved, 6));
      check(`savings ${range} with`, s.total_cost_with_optimization, round(cost, 6));
      check(`savings ${range} without`, s.total_cost_without_optimization, round(cost + saved, 6));
      check(
        `savings ${range} pct`,
        s.savings_percentage,
        cost + saved > 0 ? round((saved / (cost + saved)) * 100, 1) : 0,
      );
      check(`savings ${range} samples`, s.optimized_samples, opt.length);
      check(
        `savings ${range} tokens`,
        s.tokens_saved,
        opt.reduce((n, r) => n + r.tokens_saved, 0),
      );
      const days = res.body.chart_data.map((d: { date: string }) => d.date);
      const firstDay = Math.floor(from / D) * D;
      check(
        `savings ${range} days`,
        days,
        Array.from({ length: (NOW - (NOW % D) - firstDay) / D + 1 }, (_, i) =>
          iso(firstDay + i * D).slice(0, 10),
        ),
      );
      // The account's traffic began before every period: the average is over the whole period.
      const perDay = (NOW - from) / D;
      check(`savings ${range} projection`, res.body.projection, {
        daily_avg_cost: round(cost / perDay, 6),
        daily_avg_savings: round(saved / perDay, 6),
        monthly_baseline_cost: round(((cost + saved) / perDay) * 30, 6),
        monthly_projected_cost: round((cost / perDay) * 30, 6),
        monthly_projected_savings: round((saved / perDay) * 30, 6),
      });
      const chartSum = res.body.chart_data.reduce(
        (n: number, d: { savings: number }) => n + d.savings,
        0,
      );
      check(`savings ${range} chart sum`, Math.abs(chartSum - saved) < 1e-5, true);
    }

    // Routing.
    const in30All = rows.filter((r) => r.created_at >= fromOf('30d'));
    const routed = in30All.filter((r) => r.was_routed === 1);
    const routing = (await f.user.api('GET', '/v1/routing/stats')).body;
    check('routing total', routing.total_requests, in30All.length);
    check('routing routed', routing.routed_requests, routed.length);
    check('routing rate', routing.routing_rate, round((routed.length / in30All.length) * 100, 2));
    check(
      'routing cost saved',
      routing.cost_saved,
      round(
        routed.reduce((n, r) => n + r.cost_saved, 0),
        6,
      ),
    );
    // Cache.
    const cache = (await f.user.api('GET', '/v1/semantic-cache/stats')).body;
    const hits = in30All.filter((r) => r.cache_status === 'hit');
    const misses = in30All.filter((r) => r.cache_status === 'miss');
    check('cache hits', cache.total_hits, hits.length);
    check('cache misses', cache.total_misses, misses.length);
    check(
      'cache hit rate',
      cache.hit_rate,
      round((hits.length / (hits.length + misses.length)) * 100, 2),
    );
    check(
      'routing breakdown adds up',
      Object.values(routing.difficulty_breakdown as Record<string, number>).reduce(
        (n, v) => n + v,
        0,
      ),
      in30All.length,
    );

    // Evals: answers only, an embeddings call has none to rate (decision 107).
    const [a, b, c] = rows.filter((r) => r.endpoint !== 'embeddings');
    for (const [r, fb] of [
      [a, 'positive'],
      [b, 'positive'],
      [c, 'negative'],
    ] as const) {
      const v = await f.user.api('POST', '/v1/evals/feedback', { request_id: r?.id, feedback: fb });
      check('vote', v.status < 300, true);
    }
    const evals = (await f.user.api('GET', '/v1/evals/stats')).body;
    check('evals', evals, {
      total_evals: 3,
      thumbs_up: 2,
      thumbs_down: 1,
      satisfaction_rate: 66.7,
    });

    // Another account sees none of it; an empty account shows zeros.
    const other = await signUpSubscribed(f.server);
    for (const path of [
      '/v1/analytics?time_range=30d',
      '/v1/analytics?time_range=all',
      '/v1/analytics?time_range=24h',
      '/v1/analytics/models?time_range=30d',
      '/v1/analytics/providers?time_range=30d',
      '/v1/savings?range=30d',
      '/v1/routing/stats',
      '/v1/semantic-cache/stats',
      '/v1/semantic-cache/analytics',
      '/v1/evals/stats',
      '/v1/evals',
      '/v1/billing/subscription',
      `/v1/analytics/requests/${a?.id}`,
    ]) {
      const res = await other.api('GET', path);
      const text = JSON.stringify(res.body);
      check(`other ${path} status`, res.status, path.includes('/requests/') ? 404 : 200);
      check(`other ${path} has no NaN`, /NaN|Infinity/.test(text), false);
      // Every count and sum the other account is shown is zero.
      const figures =
        text.match(
          /"(total_\w+|\w*requests|tokens_saved|cost_sav\w+|total_hits|thumbs_\w+)":(-?[\d.e-]+)/g,
        ) ?? [];
      check(
        `other ${path} zeros`,
        figures.filter((m) => !m.endsWith(':0')),
        [],
      );
    }

    // Another account's own traffic and votes never reach this one.
    await other.api('POST', '/v1/keys', { name: 'k' });
    const vote = await other.api('POST', '/v1/evals/feedback', {
      request_id: b?.id,
      feedback: 'negative',
    });
    check('vote on another account', vote.status, 404);
    check('evals unchanged', (await f.user.api('GET', '/v1/evals/stats')).body.thumbs_down, 1);

    // Billing: requests at the server's clock fall in the period begun at checkout (now).
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is 2 + 2?' }],
    });
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is 3 + 3?' }],
    });
    const inPeriod = (await f.logs()).filter((r) => r.created_at >= NOW);
    await f.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ tier: 'enterprise' })
      .where('account_id', '=', f.user.accountId)
      .execute();
    const billing = (await f.user.api('GET', '/v1/billing/subscription')).body;
    const saved = round(
      inPeriod.reduce((n, r) => n + r.cost_saved, 0),
      6,
    );
    check('billing requests', billing.usage.total_requests, inPeriod.length);
    check('billing cost saved', billing.usage.total_cost_saved, saved);
    check(
      'enterprise estimate',
      billing.usage.estimated_bill,
      round((Math.max(0, saved) * billing.subscription.savings_percentage) / 100, 6),
    );

    assert.deepEqual(problems, []);
  });
});
