import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';
import { moveToAccount, signUpSubscribed } from '../../testing/test-server.ts';
import { type Ask, agrees, ask, type Expected } from './testing/priced-traffic.ts';

const H = 3_600_000;
const D = 24 * H;
/** Sunday 2026-11-29 12:30 UTC. */
const NOW = Date.UTC(2026, 10, 29, 12, 30);
const iso = (t: number) => new Date(t).toISOString();
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const minutesAgo = (m: number) => NOW - m * 60_000;
const MINI = 'openai/gpt-4o-mini';
const CORE = 'openai/gpt-4o';
/** The dashboard's periods: the N hours ending now, `now` inside. */
const FROM = {
  '24h': NOW + 1 - 24 * H,
  '7d': NOW + 1 - 168 * H,
  '30d': NOW + 1 - 720 * H,
  all: 0,
} as const;
const SPAN_HOURS = { '24h': 24, '7d': 168, '30d': 720 } as const;

const WORDY = [
  'Hello there!   I was just wondering if you could possibly help me out with something.',
  '',
  '',
  'Basically, I would really like to know,   in a few words,   what the order number 48213 on https://shop.example.com/orders is about.',
  'Please note that it is actually quite important and I would really, really appreciate it.',
].join('\n');

const sum = (rows: Expected[], pick: (e: Expected) => number) =>
  rows.reduce((n, e) => n + pick(e), 0);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

/**
 * A demanding user's audit: mixed traffic through the gateway with the openai SDK (two gateway
 * keys, two models, exact and semantic cache hits, compression, routing, PII, upstream 500 and
 * 429, a bad key, streams with and without usage), every figure's expected value derived from the
 * catalog's list prices and the provider's token counts (testing/priced-traffic.ts).
 */
describe('figures derived from list prices and provider token counts', () => {
  const f = useGatewayFixture(
    { TOKENWISE_TEST_CLOCK: '1', UPSTREAM_MAX_RETRIES: '0', DIFFICULTY_SAMPLE_EVERY: '1' },
    () => NOW,
  );
  const sent: Expected[] = [];
  let problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (!agrees(actual, expected)) {
      problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  };
  const inPeriod = (range: keyof typeof FROM) => sent.filter((e) => e.at >= FROM[range]);
  /** Every check of a test runs; the test then fails listing all that disagreed. */
  const report = () => {
    const found = problems;
    problems = [];
    assert.deepEqual(found, []);
  };

  test('traffic: each request detail shows its own priced figures', async () => {
    const keyB = (await f.user.api('POST', '/v1/keys', { name: 'key B' })).body.key as string;
    const b = new OpenAI({ apiKey: keyB, baseURL: `${f.server.url}/v1`, maxRetries: 0 });
    const a = f.openai;
    const send = async (client: OpenAI, r: Ask) => {
      const e = await ask(f, client, r);
      sent.push(e);
      return e;
    };
    const mars = 'How many moons does Mars have?';
    // A miss, then the same question: an exact hit. A miss, then a paraphrase on key B: a semantic hit.
    const marsMiss = await send(a, {
      at: minutesAgo(50),
      model: MINI,
      content: mars,
      usage: { input: 1000, output: 200 },
    });
    await send(a, { at: minutesAgo(49), model: MINI, content: mars, servedBy: marsMiss });
    const dark = await send(b, {
      at: minutesAgo(48),
      model: MINI,
      content: 'How do I turn on dark mode in the settings app?',
      usage: { input: 800, output: 100 },
    });
    await send(b, {
      at: minutesAgo(47),
      model: MINI,
      content: 'how do i turn on dark mode in the settings app',
      servedBy: dark,
    });
    // Compression on the Core model; an email (redacted), streamed.
    const wordy = await send(a, {
      at: minutesAgo(46),
      model: CORE,
      content: WORDY,
      usage: { input: 500, output: 50 },
    });
    assert.ok(wordy.tokensSaved > 0, 'compression shortened the wordy prompt');
    const pii = await send(a, {
      at: minutesAgo(45),
      model: MINI,
      content: 'Write a two line note to jane.doe@example.com about the overdue invoice 7731',
      usage: { input: 300, output: 40 },
      stream: true,
    });
    // Routing on for one request: a simple question to the Core model goes to a Mini one.
    const routing = { difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 };
    await f.user.api('PUT', '/v1/routing/config', { enabled: true, ...routing });
    const routed = await send(b, {
      at: minutesAgo(44),
      model: CORE,
      content: 'What is 17 + 25?',
      usage: { input: 400, output: 60 },
    });
    assert.ok(routed.routed, 'the simple question was routed');
    await f.user.api('PUT', '/v1/routing/config', { enabled: false, ...routing });
    // The provider fails (500, 429); a bad gateway key is refused and logged nowhere.
    await send(a, { at: minutesAgo(43), model: MINI, content: 'Fails on the server', error: 500 });
    await send(b, { at: minutesAgo(42), model: CORE, content: 'Fails on a limit', error: 429 });
    const bad = new OpenAI({ apiKey: 'tw_bad', baseURL: `${f.server.url}/v1`, maxRetries: 0 });
    await assert.rejects(
      bad.chat.completions.create({ model: MINI, messages: [{ role: 'user', content: 'no key' }] }),
    );
    await send(b, {
      at: minutesAgo(41),
      model: CORE,
      content: 'Describe the water cycle in one paragraph',
      usage: { input: 250, output: 30 },
      stream: true,
    });
    // The Core model asks the Mini model's question: the family's entry answers it.
    await send(a, { at: minutesAgo(40), model: CORE, content: mars, servedBy: marsMiss });
    // A stream the provider reports no usage for; older traffic, 3 and 40 days back.
    await send(b, {
      at: minutesAgo(39),
      model: MINI,
      content: 'List three colours of the rainbow',
      stream: true,
      omitUsage: true,
    });
    const usage = { input: 100, output: 10 };
    await send(a, { at: NOW - 3 * D, model: MINI, content: 'A prime above 1000?', usage });
    await send(b, { at: NOW - 40 * D, model: CORE, content: 'A prime above 5000?', usage });

    assert.equal((await f.logs()).length, sent.length, 'one row per request, none for the bad key');
    for (const e of sent) {
      const d = (await f.user.api('GET', `/v1/analytics/requests/${e.id}`)).body;
      check(
        `detail of ${e.model} ${e.cacheHit ? 'hit' : e.status}`,
        [
          d.status,
          d.cache_hit,
          d.model,
          d.tokens_in,
          d.tokens_out,
          d.tokens_saved,
          d.actual_cost,
          d.cost_saved,
          d.was_routed,
          d.created_at,
        ],
        [
          e.status,
          e.cacheHit,
          e.model,
          e.tokensIn,
          e.tokensOut,
          e.tokensSaved,
          e.actualCost,
          e.costSaved,
          e.routed,
          iso(e.at),
        ],
      );
    }
    const detail = (await f.user.api('GET', `/v1/analytics/requests/${pii.id}`)).body;
    check('the log keeps no email', JSON.stringify(detail).includes('jane.doe@example.com'), false);
    report();
  });

  test('dashboard: totals, comparison, chart, list and filters for each period', async () => {
    for (const range of ['24h', '7d', '30d', 'all'] as const) {
      const rows = inPeriod(range);
      const res = (await f.user.api('GET', `/v1/analytics?time_range=${range}&limit=100`)).body;
      check(
        `${range} stats`,
        [res.stats.total_requests, res.stats.tokens_saved],
        [rows.length, sum(rows, (e) => e.tokensSaved)],
      );
      check(
        `${range} cost savings`,
        res.stats.cost_savings,
        sum(rows, (e) => e.costSaved),
      );
      // 'all' compares with nothing and charts days from the first with traffic.
      const first = Math.min(...rows.map((e) => e.at));
      const chartFrom = range === 'all' ? first - (first % D) : FROM[range];
      const unit = range === '24h' ? H : D;
      const points = [];
      for (let t = chartFrom - (chartFrom % unit); t <= NOW; t += unit) {
        const bucket = rows.filter((e) => e.at >= t && e.at < t + unit);
        points.push({
          date: iso(t),
          requests: bucket.length,
          cost_savings: round(
            sum(bucket, (e) => e.costSaved),
            6,
          ),
        });
      }
      check(`${range} chart`, res.chart, points);
      if (range === 'all') check('all comparison', res.comparison, null);
      else {
        const span = SPAN_HOURS[range] * H;
        const prev = sent.filter((e) => e.at >= FROM[range] - span && e.at < FROM[range]);
        const pct = (cur: number, was: number) =>
          was === 0 ? null : round(((cur - was) / was) * 100, 1);
        const { total_requests_change, tokens_saved_change } = res.comparison;
        check(
          `${range} comparison`,
          [total_requests_change, tokens_saved_change],
          [
            pct(rows.length, prev.length),
            pct(
              sum(rows, (e) => e.tokensSaved),
              sum(prev, (e) => e.tokensSaved),
            ),
          ],
        );
      }
      // The list starts at the retention cut-off (the stats do not): the hour 30 days back.
      const kept = NOW - (NOW % H) - res.pagination.retention_days * D;
      const listed = rows.filter((e) => e.at >= kept);
      check(`${range} list`, ids(res.recent_requests), ids(listed));
      check(`${range} total_count`, res.pagination.total_count, listed.length);
      for (const row of res.recent_requests) {
        const e = sent.find((x) => x.id === row.id);
        check(
          `${range} row of ${e?.model}`,
          [row.tokens, row.saved, row.cache_hit, row.status, row.model],
          e && [e.tokensIn + e.tokensOut, e.tokensSaved, e.cacheHit, e.status, e.model],
        );
      }
      for (const [q, pick] of [
        ['model=gpt-4o-mini', (e: Expected) => e.model === 'gpt-4o-mini'],
        ['model=GPT-4O', (e: Expected) => e.model.startsWith('gpt-4o')],
        ['status=error', (e: Expected) => e.status === 'error'],
        ['status=success', (e: Expected) => e.status === 'success'],
        ['cache_status=hit', (e: Expected) => e.cacheHit],
        ['cache_status=miss', (e: Expected) => !e.cacheHit],
        ['provider=openai', () => true],
        ['provider=anthropic', () => false],
        [
          'status=success&cache_status=miss&model=4o',
          (e: Expected) => !e.cacheHit && e.status === 'success' && e.model.startsWith('gpt-4o'),
        ],
      ] as const) {
        const r = (await f.user.api('GET', `/v1/analytics?time_range=${range}&limit=100&${q}`))
          .body;
        check(`${range} ${q} count`, r.pagination.total_count, listed.filter(pick).length);
        check(`${range} ${q} rows`, ids(r.recent_requests), ids(listed.filter(pick)));
      }
    }
    report();
  });

  test('Model and Provider Performance add up to the requests of each model', async () => {
    for (const range of ['24h', '7d', '30d', 'all'] as const) {
      const rows = inPeriod(range);
      const models = (await f.user.api('GET', `/v1/analytics/models?time_range=${range}`)).body
        .models as {
        model: string;
        requests: number;
        tokens_saved: number;
        cost_savings: number;
      }[];
      const names = [...new Set(rows.map((e) => e.model))];
      check(`${range} models`, models.map((m) => m.model).sort(), names.sort());
      for (const m of models) {
        const of = rows.filter((e) => e.model === m.model);
        check(
          `${range} ${m.model}`,
          [m.requests, m.tokens_saved, m.cost_savings],
          [of.length, sum(of, (e) => e.tokensSaved), sum(of, (e) => e.costSaved)],
        );
      }
      const providers = (await f.user.api('GET', `/v1/analytics/providers?time_range=${range}`))
        .body.providers;
      check(
        `${range} providers`,
        providers.map((p: { provider: string; requests: number }) => [p.provider, p.requests]),
        [['openai', rows.length]],
      );
    }
    report();
  });

  test('exports carry the same rows and figures as the list', async () => {
    const rows = inPeriod('30d');
    const json = (await f.user.api('GET', '/v1/analytics/export/json?time_range=30d')).body;
    check('json ids', ids(json), ids(rows));
    for (const r of json as Record<string, number | string>[]) {
      const e = sent.find((x) => x.id === r.id);
      check(
        `json row of ${e?.model}`,
        [r.model, r.tokens_in, r.tokens_out, r.tokens_saved, r.actual_cost, r.cost_saved],
        e && [e.model, e.tokensIn, e.tokensOut, e.tokensSaved, e.actualCost, e.costSaved],
      );
    }
    const filtered = await f.user.api('GET', '/v1/analytics/export/json?time_range=24h&model=mini');
    check(
      'json 24h model=mini',
      ids(filtered.body),
      ids(inPeriod('24h').filter((e) => e.model.includes('mini'))),
    );
    const csv = await f.user.api('GET', '/v1/analytics/export/csv?time_range=30d&status=error');
    const lines = String(csv.body).trim().split('\r\n');
    check('csv error rows', lines.length - 1, rows.filter((e) => e.status === 'error').length);
    report();
  });

  test('savings, routing and cache figures', async () => {
    for (const range of ['7d', '30d'] as const) {
      const from = FROM[range];
      const opt = inPeriod(range).filter((e) => e.status === 'success');
      const paid = sum(opt, (e) => e.actualCost);
      const saved = sum(opt, (e) => e.costSaved);
      const body = (await f.user.api('GET', `/v1/savings?range=${range}`)).body;
      const s = body.summary;
      check(
        `savings ${range}`,
        [
          s.method,
          s.total_savings,
          s.total_cost_with_optimization,
          s.total_cost_without_optimization,
          s.savings_percentage,
          s.optimized_samples,
          s.tokens_saved,
        ],
        [
          'counterfactual',
          saved,
          paid,
          paid + saved,
          round((saved / (paid + saved)) * 100, 1),
          opt.length,
          sum(opt, (e) => e.tokensSaved),
        ],
      );
      // The account sent traffic before both periods (40 days ago): averaged over the whole period.
      const days = (NOW - from) / D;
      check(`savings ${range} projection`, body.projection, {
        daily_avg_cost: paid / days,
        daily_avg_savings: saved / days,
        monthly_baseline_cost: ((paid + saved) / days) * 30,
        monthly_projected_cost: (paid / days) * 30,
        monthly_projected_savings: (saved / days) * 30,
      });
      const chart = [];
      for (let t = from - (from % D); t <= NOW; t += D) {
        const day = opt.filter((e) => e.at >= t && e.at < t + D);
        const dayPaid = sum(day, (e) => e.actualCost);
        const daySaved = sum(day, (e) => e.costSaved);
        chart.push({
          date: iso(t).slice(0, 10),
          baseline_cost: dayPaid + daySaved,
          optimized_cost: dayPaid,
          savings: daySaved,
        });
      }
      check(`savings ${range} chart`, body.chart_data, chart);
    }
    // /routing and /semantic-cache cover the dashboard's 30d.
    const rows = inPeriod('30d');
    const routed = rows.filter((e) => e.routed);
    const r = (await f.user.api('GET', '/v1/routing/stats')).body;
    check(
      'routing',
      [r.total_requests, r.routed_requests, r.routing_rate, r.cost_saved],
      [
        rows.length,
        routed.length,
        round((routed.length / rows.length) * 100, 2),
        sum(routed, (e) => e.costSaved),
      ],
    );
    // Every request here consulted the cache (a provider failure after a miss is a miss).
    const hits = rows.filter((e) => e.cacheHit);
    const c = (await f.user.api('GET', '/v1/semantic-cache/stats')).body;
    check(
      'cache',
      [c.total_hits, c.total_misses, c.hit_rate, c.tokens_saved, c.cost_saved],
      [
        hits.length,
        rows.length - hits.length,
        round((hits.length / rows.length) * 100, 2),
        sum(hits, (e) => e.tokensSaved),
        sum(hits, (e) => e.costSaved),
      ],
    );
    report();
  });

  test('evals: votes are stored, counted and kept to the account; roles and isolation', async () => {
    const [up1, , up2, , down] = sent;
    const failed = sent.find((e) => e.status === 'error');
    const vote = (api: typeof f.user.api, id: string | undefined, feedback: string) =>
      api('POST', '/v1/evals/feedback', { request_id: id, feedback });
    check('vote up', (await vote(f.user.api, up1?.id, 'positive')).status, 200);
    check('vote up (key B)', (await vote(f.user.api, up2?.id, 'positive')).status, 200);
    check('vote down', (await vote(f.user.api, down?.id, 'negative')).status, 200);
    check('vote on a failure', (await vote(f.user.api, failed?.id, 'positive')).status, 400);
    const stats = { total_evals: 3, thumbs_up: 2, thumbs_down: 1, satisfaction_rate: 66.7 };
    check('eval stats', (await f.user.api('GET', '/v1/evals/stats')).body, stats);
    const negatives = (await f.user.api('GET', '/v1/evals?filter=negative')).body;
    check('negative list', ids(negatives), [down?.id]);
    check(
      'negative row',
      negatives[0]?.tokens_used,
      (down?.tokensIn ?? 0) + (down?.tokensOut ?? 0),
    );

    const other = await signUpSubscribed(f.server);
    check('another account votes', (await vote(other.api, up1?.id, 'negative')).status, 404);
    check('another account lists', (await other.api('GET', '/v1/evals')).body, []);
    check(
      'nor sees a detail',
      (await other.api('GET', `/v1/analytics/requests/${up1?.id}`)).status,
      404,
    );
    const theirs = (await other.api('GET', '/v1/analytics?time_range=all')).body.stats;
    check('nor counts our rows', theirs.total_requests, 0);
    check('stats unchanged', (await f.user.api('GET', '/v1/evals/stats')).body, stats);

    const viewer = await signUpSubscribed(f.server);
    await moveToAccount(f.server, viewer.userId, f.user.accountId, 'read_only');
    const seen = (await viewer.api('GET', '/v1/analytics?time_range=30d')).body.stats;
    check('read_only sees the totals', seen.total_requests, inPeriod('30d').length);
    check(
      'read_only sees a detail',
      (await viewer.api('GET', `/v1/analytics/requests/${up1?.id}`)).status,
      200,
    );
    check('read_only may not vote', (await vote(viewer.api, up1?.id, 'negative')).status, 403);

    // A deleted key's requests stay in every figure.
    const keys = (await f.user.api('GET', '/v1/keys')).body as { id: string; name: string }[];
    const keyB = keys.find((k) => k.name === 'key B');
    check('key B deleted', (await f.user.api('DELETE', `/v1/keys/${keyB?.id}`)).status < 300, true);
    const after = (await f.user.api('GET', '/v1/analytics?time_range=30d')).body.stats;
    check('figures outlive the key', after.total_requests, inPeriod('30d').length);
    report();
  });
});

/**
 * /savings measured against the A/B baseline: ten sampled requests sent unoptimized are the
 * yardstick, each optimized request would have cost their mean (docs/metrics.md), priced here
 * from the catalog.
 */
describe('savings against the A/B baseline, from list prices', () => {
  const f = useGatewayFixture({ TOKENWISE_TEST_CLOCK: '1' }, () => NOW);

  test('baseline method: totals, percentage and the 95% interval', async () => {
    const send = (r: Ask) => ask(f, f.openai, r);
    await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 100 });
    const baseline: Expected[] = [];
    for (let i = 0; i < 10; i++) {
      baseline.push(
        await send({
          at: minutesAgo(30 - i),
          model: CORE,
          content: `Baseline question ${i} about tides`,
          usage: { input: 1000 + 100 * i, output: 100 },
        }),
      );
    }
    await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 0 });
    const optimized = [
      await send({
        at: minutesAgo(10),
        model: CORE,
        content: WORDY,
        usage: { input: 900, output: 90 },
      }),
      await send({
        at: minutesAgo(9),
        model: CORE,
        content: 'Name two moons of Jupiter',
        usage: { input: 700, output: 80 },
      }),
    ];
    optimized.push(
      await send({
        at: minutesAgo(8),
        model: CORE,
        content: 'Name two moons of Jupiter',
        servedBy: optimized[1],
      }),
    );
    const costs = baseline.map((e) => e.actualCost);
    const mean = costs.reduce((n, c) => n + c, 0) / costs.length;
    const variance = costs.reduce((n, c) => n + (c - mean) ** 2, 0) / (costs.length - 1);
    const without = optimized.length * mean;
    const paid = sum(optimized, (e) => e.actualCost);
    const half = optimized.length * 1.959964 * Math.sqrt(variance / costs.length);
    const s = (await f.user.api('GET', '/v1/savings?range=7d')).body.summary;
    const problems: string[] = [];
    const expected = {
      method: 'baseline',
      baseline_samples: 10,
      optimized_samples: optimized.length,
      total_cost_without_optimization: without,
      total_cost_with_optimization: paid,
      total_savings: without - paid,
      savings_percentage: round(((without - paid) / without) * 100, 1),
      confidence_interval: [without - paid - half, without - paid + half],
      tokens_saved: sum(optimized, (e) => e.tokensSaved),
    };
    for (const [k, v] of Object.entries(expected)) {
      if (!agrees(s[k], v)) problems.push(`${k}: got ${JSON.stringify(s[k])}, expected ${v}`);
    }
    // The dashboard's Cost Savings stays the per-request estimate, baseline rows saving nothing.
    const stats = (await f.user.api('GET', '/v1/analytics?time_range=24h')).body.stats;
    if (
      !agrees(
        stats.cost_savings,
        sum(optimized, (e) => e.costSaved),
      )
    ) {
      problems.push(`dashboard cost savings ${stats.cost_savings}`);
    }
    assert.deepEqual(problems, []);
  });
});
