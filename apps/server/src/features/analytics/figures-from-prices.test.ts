import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveModel } from '@tokenwise/pricing';
import { encode } from 'gpt-tokenizer/model/gpt-4o';
import OpenAI from 'openai';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';
import { TEST_TIME_HEADER } from '../../gateway/wire/test-clock.ts';
import { moveToAccount, signUpSubscribed } from '../../testing/test-server.ts';

const H = 3_600_000;
const D = 24 * H;
/** Sunday 2026-11-29 12:30 UTC. */
const NOW = Date.UTC(2026, 10, 29, 12, 30);
const iso = (t: number) => new Date(t).toISOString();
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
/**
 * Equal, except that dollars (given to a millionth) agree within a few millionths: a sum rounded
 * once and a sum of rounded values differ by up to a millionth per term.
 */
function agrees(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Number.isInteger(a) && Number.isInteger(b) ? a === b : Math.abs(a - b) <= 3e-6;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => agrees(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return (
      agrees(ka, kb) &&
      ka.every((k) => agrees((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return Object.is(a, b);
}
const MINI = 'openai/gpt-4o-mini';
const CORE = 'openai/gpt-4o';

/** A list price from the catalog, per token: the only pricing the expectations below use. */
function price(model: string): { input: number; output: number } {
  const info = resolveModel(model);
  if (!info) throw new Error(`no catalog price for ${model}`);
  return { input: info.inputPerMillion / 1e6, output: info.outputPerMillion / 1e6 };
}
const cost = (model: string, tokensIn: number, tokensOut: number) =>
  tokensIn * price(model).input + tokensOut * price(model).output;

/** What one request must show, worked out from what was sent and what the mock answered. */
interface Expected {
  id: string;
  key: 'A' | 'B';
  at: number;
  model: string;
  status: 'success' | 'error';
  cacheHit: boolean;
  cacheStatus: 'hit' | 'miss' | 'none';
  tokensIn: number;
  tokensOut: number;
  tokensSaved: number;
  actualCost: number;
  costSaved: number;
  routed: boolean;
  stream: boolean;
}

const WORDY = [
  'Hello there!   I was just wondering if you could possibly help me out with something.',
  '',
  '',
  'Basically, I would really like to know,   in a few words,   what the order number 48213 on https://shop.example.com/orders is about.',
  'Please note that it is actually quite important and I would really, really appreciate it.',
].join('\n');

/**
 * A demanding user's audit: mixed traffic through the gateway with the openai SDK (two gateway
 * keys, two models, exact and semantic cache hits, compression, routing, PII, upstream 500 and
 * 429, a bad key, streams), each figure's expected value derived only from the catalog's list
 * prices and the token counts the mock upstream reported, never from the log rows.
 */
describe('figures derived from list prices and provider token counts', () => {
  const f = useGatewayFixture(
    { TOKENWISE_TEST_CLOCK: '1', UPSTREAM_MAX_RETRIES: '0', DIFFICULTY_SAMPLE_EVERY: '1' },
    () => NOW,
  );
  const problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (!agrees(actual, expected)) {
      problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  };

  test('dashboard, breakdowns, detail, exports, savings, routing, cache, evals, roles', async () => {
    const keyB = (await f.user.api('POST', '/v1/keys', { name: 'key B' })).body.key as string;
    const clients = {
      A: f.openai,
      B: new OpenAI({ apiKey: keyB, baseURL: `${f.server.url}/v1`, maxRetries: 0 }),
    };
    const sent: Expected[] = [];

    async function ask(
      key: 'A' | 'B',
      at: number,
      model: string,
      content: string,
      usage: { input: number; output: number } | null,
      opts: { stream?: boolean; error?: number; omitStreamUsage?: boolean } = {},
    ) {
      const callsBefore = f.mock.calls.length;
      if (opts.error) f.mock.enqueue({ status: opts.error, errorMessage: 'from the test' });
      else if (usage) f.mock.enqueue({ usage });
      else if (opts.omitStreamUsage) f.mock.enqueue({ omitStreamUsage: true });
      let reply = '';
      const headers = { [TEST_TIME_HEADER]: iso(at) };
      const messages = [{ role: 'user' as const, content }];
      let id = '';
      let failed = false;
      try {
        if (opts.stream) {
          const { data, response } = await clients[key].chat.completions
            .create(
              { model, messages, stream: true, stream_options: { include_usage: true } },
              { headers },
            )
            .withResponse();
          id = response.headers.get('x-request-id') ?? '';
          for await (const chunk of data) reply += chunk.choices[0]?.delta?.content ?? '';
        } else {
          const { response } = await clients[key].chat.completions
            .create({ model, messages }, { headers })
            .withResponse();
          id = response.headers.get('x-request-id') ?? '';
        }
      } catch (err) {
        failed = true;
        id = (err as { headers?: Headers }).headers?.get?.('x-request-id') ?? '';
      }
      const call = f.mock.calls.length > callsBefore ? f.mock.calls.at(-1) : undefined;
      const upstreamModel = call?.parsed?.model;
      const answeredBy = upstreamModel ? `openai/${upstreamModel}` : model;
      const hit = !call && !failed;
      return { id, failed, call, answeredBy, hit, messages, reply };
    }

    // 1. A miss, then the same question again: an exact hit.
    const r1 = await ask('A', NOW - 50 * 60_000, MINI, 'How many moons does Mars have?', {
      input: 1000,
      output: 200,
    });
    const r2 = await ask('A', NOW - 49 * 60_000, MINI, 'How many moons does Mars have?', null);
    // 2. A miss, then a paraphrase: a semantic hit, on the other key.
    const r3 = await ask(
      'B',
      NOW - 48 * 60_000,
      MINI,
      'How do I turn on dark mode in the settings app?',
      {
        input: 800,
        output: 100,
      },
    );
    const r4 = await ask(
      'B',
      NOW - 47 * 60_000,
      MINI,
      'how do i turn on dark mode in the settings app',
      null,
    );
    // 3. A wordy prompt compression shrinks, on the Core model.
    const r5 = await ask('A', NOW - 46 * 60_000, CORE, WORDY, { input: 500, output: 50 });
    // 4. PII, streamed.
    const r6 = await ask(
      'A',
      NOW - 45 * 60_000,
      MINI,
      'Write a two line note to jane.doe@example.com about the overdue invoice 7731',
      { input: 300, output: 40 },
      { stream: true },
    );
    // 5. Routing on: a simple question to the Core model goes to a Mini one.
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const r7 = await ask('B', NOW - 44 * 60_000, CORE, 'What is 17 + 25?', {
      input: 400,
      output: 60,
    });
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: false,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    // 6. Provider failures: a 500 and a 429; a bad gateway key.
    const r8 = await ask('A', NOW - 43 * 60_000, MINI, 'Fails with a server error', null, {
      error: 500,
    });
    const r9 = await ask('B', NOW - 42 * 60_000, CORE, 'Fails with a rate limit', null, {
      error: 429,
    });
    const bad = new OpenAI({
      apiKey: 'tw_not_a_key',
      baseURL: `${f.server.url}/v1`,
      maxRetries: 0,
    });
    await assert.rejects(
      bad.chat.completions.create({ model: MINI, messages: [{ role: 'user', content: 'no key' }] }),
    );
    // 7. A streamed Core miss on key B; older traffic: 3 days and 40 days ago.
    const r10 = await ask(
      'B',
      NOW - 41 * 60_000,
      CORE,
      'Describe the water cycle in one paragraph',
      { input: 250, output: 30 },
      { stream: true },
    );
    // 8. The Core model asks the Mini model's question: the family's entry answers it. A stream
    // the provider reports no usage for: the gateway counts it.
    const r13 = await ask('A', NOW - 40 * 60_000, CORE, 'How many moons does Mars have?', null);
    const r14 = await ask('B', NOW - 39 * 60_000, MINI, 'List three colours of the rainbow', null, {
      stream: true,
      omitStreamUsage: true,
    });
    const r11 = await ask('A', NOW - 3 * D, MINI, 'Name a prime number above 1000', {
      input: 100,
      output: 10,
    });
    const r12 = await ask('B', NOW - 40 * D, CORE, 'Name a prime number above 5000', {
      input: 120,
      output: 12,
    });

    /** The messages that reached the provider, after the gateway's stages. */
    const upstreamMessages = (r: Awaited<ReturnType<typeof ask>>) => {
      if (!r.call) throw new Error(`request ${r.id} never reached the provider`);
      return (r.call.body as { messages: { content: unknown }[] }).messages;
    };
    const sentText = (r: Awaited<ReturnType<typeof ask>>) =>
      String(upstreamMessages(r)[0]?.content);
    const textTokens = (messages: { content: unknown }[]) =>
      messages.reduce((n, m) => n + encode(String(m.content)).length, 0);
    const miss = (
      r: Awaited<ReturnType<typeof ask>>,
      key: 'A' | 'B',
      at: number,
      requested: string,
      usage: { input: number; output: number },
      stream = false,
    ): Expected => {
      const sentMessages = upstreamMessages(r);
      // Redaction is not a saving: compression is measured on the prompt with its placeholders.
      const redacted = r.messages.map((m) => ({
        content: String(m.content).replace('jane.doe@example.com', '[EMAIL_REDACTED_1]'),
      }));
      const saved = textTokens(redacted) - textTokens(sentMessages);
      const actual = cost(r.answeredBy, usage.input, usage.output);
      return {
        id: r.id,
        key,
        at,
        model: r.answeredBy,
        status: 'success',
        cacheHit: false,
        cacheStatus: 'miss',
        tokensIn: usage.input,
        tokensOut: usage.output,
        tokensSaved: saved,
        actualCost: actual,
        costSaved: cost(requested, usage.input + saved, usage.output) - actual,
        routed: r.answeredBy !== requested,
        stream,
      };
    };
    /** A hit saves the call that filled the entry: its original prompt (before compression) and answer. */
    const hitOf = (
      r: Awaited<ReturnType<typeof ask>>,
      key: 'A' | 'B',
      at: number,
      model: string,
      filled: Expected,
    ): Expected => ({
      id: r.id,
      key,
      at,
      model,
      status: 'success',
      cacheHit: true,
      cacheStatus: 'hit',
      tokensIn: 0,
      tokensOut: 0,
      tokensSaved: filled.tokensIn + filled.tokensSaved + filled.tokensOut,
      actualCost: 0,
      costSaved: cost(model, filled.tokensIn + filled.tokensSaved, filled.tokensOut),
      routed: false,
      stream: false,
    });
    const failure = (
      r: Awaited<ReturnType<typeof ask>>,
      key: 'A' | 'B',
      at: number,
      model: string,
    ): Expected => ({
      id: r.id,
      key,
      at,
      model,
      status: 'error',
      cacheHit: false,
      cacheStatus: 'miss',
      tokensIn: 0,
      tokensOut: 0,
      tokensSaved: 0,
      actualCost: 0,
      costSaved: 0,
      routed: false,
      stream: false,
    });
    check('r2 was a hit', r2.hit, true);
    check('r4 was a hit', r4.hit, true);
    check('r7 was routed', r7.answeredBy !== CORE, true);
    check('r8 failed', r8.failed, true);
    check('r13 was a hit', r13.hit, true);
    check('r9 failed', r9.failed, true);
    const e1 = miss(r1, 'A', NOW - 50 * 60_000, MINI, { input: 1000, output: 200 });
    const e3 = miss(r3, 'B', NOW - 48 * 60_000, MINI, { input: 800, output: 100 });
    sent.push(
      e1,
      hitOf(r2, 'A', NOW - 49 * 60_000, MINI, e1),
      e3,
      hitOf(r4, 'B', NOW - 47 * 60_000, MINI, e3),
      miss(r5, 'A', NOW - 46 * 60_000, CORE, { input: 500, output: 50 }),
      { ...miss(r6, 'A', NOW - 45 * 60_000, MINI, { input: 300, output: 40 }), stream: true },
      miss(r7, 'B', NOW - 44 * 60_000, CORE, { input: 400, output: 60 }),
      failure(r8, 'A', NOW - 43 * 60_000, MINI),
      failure(r9, 'B', NOW - 42 * 60_000, CORE),
      { ...miss(r10, 'B', NOW - 41 * 60_000, CORE, { input: 250, output: 30 }), stream: true },
      hitOf(r13, 'A', NOW - 40 * 60_000, CORE, e1),
      {
        // OpenAI's documented chat count: 3 per message, the role, the text, 3 priming the reply.
        ...miss(r14, 'B', NOW - 39 * 60_000, MINI, {
          input: 3 + encode('user').length + encode(sentText(r14)).length + 3,
          output: encode(r14.reply).length,
        }),
        stream: true,
      },
      miss(r11, 'A', NOW - 3 * D, MINI, { input: 100, output: 10 }),
      miss(r12, 'B', NOW - 40 * D, CORE, { input: 120, output: 12 }),
    );
    check('compression saved tokens on r5', (sent[4]?.tokensSaved ?? 0) > 0, true);
    check(
      'every request has an id',
      sent.map((e) => Boolean(e.id)),
      sent.map(() => true),
    );
    const bare = (m: string) => m.replace(/^openai\//, '');
    const logs = await f.logs();
    check('rows logged (the bad key is not)', logs.length, sent.length);

    // Per request: the detail screen.
    for (const e of sent) {
      const d = (await f.user.api('GET', `/v1/analytics/requests/${e.id}`)).body;
      check(
        `detail ${e.id} (${e.model} ${e.cacheStatus} ${e.status})`,
        {
          status: d.status,
          cache_hit: d.cache_hit,
          model: d.model,
          tokens_in: d.tokens_in,
          tokens_out: d.tokens_out,
          tokens_saved: d.tokens_saved,
          actual_cost: round(d.actual_cost, 6),
          cost_saved: round(d.cost_saved, 6),
          was_routed: d.was_routed,
          created_at: d.created_at,
        },
        {
          status: e.status,
          cache_hit: e.cacheHit,
          model: bare(e.model),
          tokens_in: e.tokensIn,
          tokens_out: e.tokensOut,
          tokens_saved: e.tokensSaved,
          actual_cost: round(e.actualCost, 6),
          cost_saved: round(e.costSaved, 6),
          was_routed: e.routed,
          created_at: iso(e.at),
        },
      );
    }
    const pii = (await f.user.api('GET', `/v1/analytics/requests/${sent[5]?.id}`)).body;
    check(
      'pii: the log keeps the placeholder',
      /jane\.doe@example\.com/.test(JSON.stringify(pii)),
      false,
    );

    // Totals per period.
    const windows = {
      '24h': NOW - (NOW % H) - 23 * H,
      '7d': NOW - (NOW % H) - 167 * H,
      '30d': NOW - (NOW % H) - 719 * H,
      all: 0,
    } as const;
    for (const [range, from] of Object.entries(windows)) {
      const inRange = sent.filter((e) => e.at >= from);
      const sum = (pick: (e: Expected) => number, rows = inRange) =>
        rows.reduce((n, e) => n + pick(e), 0);
      const res = (await f.user.api('GET', `/v1/analytics?time_range=${range}&limit=100`)).body;
      // The list starts at the retention cut-off (the stats do not): the hour 30 days back.
      const kept = NOW - (NOW % H) - (res.pagination.retention_days ?? 0) * D;
      const listed = inRange.filter((e) => e.at >= kept);
      if (range !== 'all') {
        const span = { '24h': 24, '7d': 168, '30d': 720 }[range] ?? 0;
        const prev = sent.filter((e) => e.at >= from - span * H && e.at <= NOW - span * H);
        const pct = (cur: number, was: number) =>
          was === 0 ? null : round(((cur - was) / was) * 100, 1);
        check(
          `${range} comparison`,
          [res.comparison.total_requests_change, res.comparison.tokens_saved_change],
          [
            pct(inRange.length, prev.length),
            pct(
              sum((e) => e.tokensSaved),
              sum((e) => e.tokensSaved, prev),
            ),
          ],
        );
        const unit = range === '24h' ? H : D;
        const points = [];
        for (let t = from - (from % unit); t <= NOW; t += unit) {
          const inBucket = inRange.filter((e) => e.at >= t && e.at < t + unit);
          points.push({
            date: iso(t),
            requests: inBucket.length,
            cost_savings: round(
              sum((e) => e.costSaved, inBucket),
              6,
            ),
          });
        }
        check(`${range} chart`, res.chart, points);
      }
      check(`${range} total_requests`, res.stats.total_requests, inRange.length);
      check(
        `${range} tokens_saved`,
        res.stats.tokens_saved,
        sum((e) => e.tokensSaved),
      );
      check(
        `${range} cost_savings`,
        round(res.stats.cost_savings, 6),
        round(
          sum((e) => e.costSaved),
          6,
        ),
      );
      check(`${range} total_count`, res.pagination.total_count, listed.length);
      check(
        `${range} rows`,
        res.recent_requests.map((r: { id: string }) => r.id).sort(),
        listed.map((e) => e.id).sort(),
      );
      for (const row of res.recent_requests) {
        const e = sent.find((x) => x.id === row.id);
        if (!e) continue;
        check(
          `${range} row ${row.id}`,
          [row.tokens, row.saved, row.cache_hit, row.status, row.model],
          [e.tokensIn + e.tokensOut, e.tokensSaved, e.cacheHit, e.status, bare(e.model)],
        );
      }
      for (const [q, pick] of [
        [
          `model=${encodeURIComponent('gpt-4o-mini')}`,
          (e: Expected) => bare(e.model).includes('gpt-4o-mini'),
        ],
        ['status=error', (e: Expected) => e.status === 'error'],
        ['status=success', (e: Expected) => e.status === 'success'],
        ['cache_status=hit', (e: Expected) => e.cacheHit],
        ['cache_status=miss', (e: Expected) => !e.cacheHit],
        ['provider=openai', () => true],
        ['provider=anthropic', () => false],
      ] as const) {
        const r = (await f.user.api('GET', `/v1/analytics?time_range=${range}&limit=100&${q}`))
          .body;
        check(`${range} ${q} count`, r.pagination.total_count, listed.filter(pick).length);
        check(
          `${range} ${q} rows`,
          r.recent_requests.map((x: { id: string }) => x.id).sort(),
          listed
            .filter(pick)
            .map((e) => e.id)
            .sort(),
        );
      }
      // Breakdowns.
      if (range === 'all') continue;
      const models = (await f.user.api('GET', `/v1/analytics/models?time_range=${range}`)).body
        .models;
      const byModel = [...new Set(inRange.map((e) => bare(e.model)))].sort();
      check(`${range} model list`, models.map((m: { model: string }) => m.model).sort(), byModel);
      for (const m of models) {
        const rows = inRange.filter((e) => bare(e.model) === m.model);
        check(
          `${range} model ${m.model}`,
          [m.requests, m.tokens_saved, round(m.cost_savings, 6)],
          [
            rows.length,
            sum((e) => e.tokensSaved, rows),
            round(
              sum((e) => e.costSaved, rows),
              6,
            ),
          ],
        );
      }
      const providers = (await f.user.api('GET', `/v1/analytics/providers?time_range=${range}`))
        .body.providers;
      check(
        `${range} providers`,
        providers.map((p: { provider: string; requests: number }) => [p.provider, p.requests]),
        [['openai', inRange.length]],
      );
    }

    // Exports.
    const json = (await f.user.api('GET', '/v1/analytics/export/json?time_range=30d'))
      .body as Record<string, unknown>[];
    const in30 = sent.filter((e) => e.at >= windows['30d']);
    check('json export ids', json.map((r) => r.id).sort(), in30.map((e) => e.id).sort());
    for (const r of json) {
      const e = sent.find((x) => x.id === r.id);
      if (!e) continue;
      check(
        `json ${e.id}`,
        [
          r.tokens_in,
          r.tokens_out,
          r.tokens_saved,
          round(Number(r.actual_cost), 6),
          round(Number(r.cost_saved), 6),
        ],
        [e.tokensIn, e.tokensOut, e.tokensSaved, round(e.actualCost, 6), round(e.costSaved, 6)],
      );
    }
    const csv = String(
      (await f.user.api('GET', '/v1/analytics/export/csv?time_range=30d&status=error')).body,
    );
    check(
      'csv error rows',
      csv.trim().split('\r\n').length - 1,
      in30.filter((e) => e.status === 'error').length,
    );

    // Savings (no baseline samples: counterfactual).
    for (const range of ['7d', '30d'] as const) {
      const from = windows[range];
      const opt = sent.filter((e) => e.at >= from && e.status === 'success');
      const paid = opt.reduce((n, e) => n + e.actualCost, 0);
      const saved = opt.reduce((n, e) => n + e.costSaved, 0);
      const s = (await f.user.api('GET', `/v1/savings?range=${range}`)).body.summary;
      check(
        `savings ${range}`,
        [
          round(s.total_savings, 6),
          round(s.total_cost_with_optimization, 6),
          round(s.total_cost_without_optimization, 6),
          s.savings_percentage,
          s.optimized_samples,
          s.tokens_saved,
        ],
        [
          round(saved, 6),
          round(paid, 6),
          round(paid + saved, 6),
          round((saved / (paid + saved)) * 100, 1),
          opt.length,
          opt.reduce((n, e) => n + e.tokensSaved, 0),
        ],
      );
    }

    const week = (await f.user.api('GET', '/v1/savings?range=7d')).body.chart_data;
    const days = [];
    for (let t = windows['7d'] - (windows['7d'] % D); t <= NOW; t += D) {
      const day = sent.filter(
        (e) => e.at >= Math.max(t, windows['7d']) && e.at < t + D && e.status === 'success',
      );
      const paid = day.reduce((n, e) => n + e.actualCost, 0);
      const saved = day.reduce((n, e) => n + e.costSaved, 0);
      days.push({
        date: iso(t).slice(0, 10),
        baseline_cost: round(paid + saved, 6),
        optimized_cost: round(paid, 6),
        savings: round(saved, 6),
      });
    }
    check('savings 7d chart', week, days);

    // Routing and cache (the dashboard's 30d).
    const routing = (await f.user.api('GET', '/v1/routing/stats')).body;
    const routedRows = in30.filter((e) => e.routed);
    check(
      'routing',
      [routing.total_requests, routing.routed_requests, round(routing.cost_saved, 6)],
      [
        in30.length,
        routedRows.length,
        round(
          routedRows.reduce((n, e) => n + e.costSaved, 0),
          6,
        ),
      ],
    );
    const cache = (await f.user.api('GET', '/v1/semantic-cache/stats')).body;
    const hits = in30.filter((e) => e.cacheHit);
    const looked = in30.filter((e) => e.cacheStatus !== 'none');
    check(
      'cache saved',
      [cache.tokens_saved, cache.cost_saved],
      [hits.reduce((n, e) => n + e.tokensSaved, 0), hits.reduce((n, e) => n + e.costSaved, 0)],
    );
    check('cache hits', cache.total_hits, hits.length);
    check('cache hit rate', cache.hit_rate, round((hits.length / looked.length) * 100, 2));

    // Evals: two up, one down; on the caller's account only.
    const [v1, v2, v3] = [sent[0], sent[2], sent[4]];
    for (const [e, fb] of [
      [v1, 'positive'],
      [v2, 'positive'],
      [v3, 'negative'],
    ] as const) {
      check(
        `vote ${e?.id}`,
        (await f.user.api('POST', '/v1/evals/feedback', { request_id: e?.id, feedback: fb }))
          .status,
        200,
      );
    }
    check(
      'vote on a failed request',
      (
        await f.user.api('POST', '/v1/evals/feedback', {
          request_id: sent[7]?.id,
          feedback: 'positive',
        })
      ).status,
      400,
    );
    check('eval stats', (await f.user.api('GET', '/v1/evals/stats')).body, {
      total_evals: 3,
      thumbs_up: 2,
      thumbs_down: 1,
      satisfaction_rate: 66.7,
    });
    const negatives = (await f.user.api('GET', '/v1/evals?filter=negative')).body;
    check(
      'negative list',
      negatives.map((x: { id: string }) => x.id),
      [v3?.id],
    );
    const other = await signUpSubscribed(f.server);
    check(
      'other votes',
      (await other.api('POST', '/v1/evals/feedback', { request_id: v1?.id, feedback: 'negative' }))
        .status,
      404,
    );
    check('other evals', (await other.api('GET', '/v1/evals')).body, []);
    check('eval stats unchanged', (await f.user.api('GET', '/v1/evals/stats')).body.thumbs_down, 1);

    // Roles: a read-only member sees the figures, and may not vote.
    const viewer = await signUpSubscribed(f.server);
    await moveToAccount(f.server, viewer.userId, f.user.accountId, 'read_only');
    const seen = (await viewer.api('GET', '/v1/analytics?time_range=30d')).body;
    check('viewer sees the same totals', seen.stats?.total_requests, in30.length);
    check(
      'viewer may not vote',
      (await viewer.api('POST', '/v1/evals/feedback', { request_id: v1?.id, feedback: 'negative' }))
        .status,
      403,
    );

    assert.deepEqual(problems, []);
  });
});
