import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, resolveModel } from '@tokenwise/pricing';
import { money } from '../../domain/analytics/figures.ts';
import { signUp } from '../../testing/test-server.ts';
import { inDifficultySample } from '../stages/route-model.ts';
import { TEST_TIME_HEADER } from '../wire/test-clock.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const HARD_PROMPT = [
  'Prove step by step that the following algorithm terminates and analyse its complexity.',
  'Then compare it with a heap-based approach and discuss the trade-offs.',
  '```python',
  'def f(xs):',
  '    while xs:',
  '        xs = [x // 2 for x in xs if x > 1]',
  '    return True',
  '```',
].join('\n');

describe('smart routing through the openai SDK', () => {
  // Every request scored, so each test can read the difficulty of its one request.
  const f = useGatewayFixture({ DIFFICULTY_SAMPLE_EVERY: '1' });
  const lastUpstreamModel = () => f.mock.calls.at(-1)?.parsed?.model;

  test('config: defaults, validation, saving', async () => {
    assert.deepEqual((await f.user.api('GET', '/v1/routing/config')).body, {
      enabled: false,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const fractional = await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 10.5,
      difficulty_threshold_complex: 500,
    });
    assert.equal(fractional.status, 400);
    const inverted = await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 600,
      difficulty_threshold_complex: 500,
    });
    assert.equal(inverted.status, 400);
    assert.match(inverted.body.message, /simple threshold must be below/);
    const ok = await f.user.api('PUT', '/v1/routing/config', {
      enabled: false,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    assert.equal(ok.status, 200);
  });

  test('config: a save of some fields keeps the others, the order checked against them', async () => {
    const save = (body: object) => f.user.api('PUT', '/v1/routing/config', body);
    const on = await save({ enabled: true });
    assert.equal(on.status, 200);
    assert.deepEqual(on.body, {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const above = await save({ difficulty_threshold_simple: 500 });
    assert.equal(above.status, 400, 'the stored complex threshold is 500');
    assert.match(above.body.message, /simple threshold must be below/);
    const lowered = await save({ difficulty_threshold_complex: 300 });
    assert.deepEqual(lowered.body, {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 300,
    });
    assert.deepEqual((await f.user.api('GET', '/v1/routing/config')).body, lowered.body);
    assert.equal((await save({})).status, 200, 'nothing to change is no error');
    assert.equal(
      (
        await save({
          enabled: false,
          difficulty_threshold_simple: 100,
          difficulty_threshold_complex: 500,
        })
      ).status,
      200,
    );
  });

  test('routing off: the requested model is used, difficulty is still logged', async () => {
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'Hi there!' }],
    });
    assert.equal(lastUpstreamModel(), 'gpt-4o');
    const row = (await f.logs())[0];
    assert.equal(row?.was_routed, 0);
    assert.equal(row?.difficulty, 'simple');
  });

  test('a simple request to a Core model goes to the cheapest Mini model of the same provider', async () => {
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const res = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
    });
    assert.match(res.choices[0]?.message.content ?? '', /capital of France/);
    const routedTo = lastUpstreamModel() ?? '';
    assert.notEqual(routedTo, 'gpt-4o');
    assert.equal(resolveModel(`openai/${routedTo}`)?.tier, 'mini');
    const row = (await f.logs())[0];
    assert.equal(row?.was_routed, 1);
    assert.equal(row?.requested_model, 'openai/gpt-4o');
    assert.equal(row?.routed_model, routedTo);
    assert.equal(row?.difficulty, 'simple');
    assert.ok((row?.cost_saved ?? 0) > 0, 'saving against the requested model’s price');
  });

  test('a pinned request is not routed', async () => {
    await f.openai.chat.completions.create(
      {
        model: 'openai/gpt-4o',
        messages: [{ role: 'user', content: 'What is the capital of Spain?' }],
      },
      { headers: { 'x-tokenwise-pin-model': 'true' } },
    );
    assert.equal(lastUpstreamModel(), 'gpt-4o');
    assert.equal((await f.logs())[0]?.was_routed, 0);
  });

  test('a complex request keeps a Core model, and a Mini model asked for it is raised to Core', async () => {
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: HARD_PROMPT }],
    });
    assert.equal(lastUpstreamModel(), 'gpt-4o');
    assert.equal((await f.logs())[0]?.difficulty, 'complex');
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: HARD_PROMPT }],
    });
    assert.equal(resolveModel(`openai/${lastUpstreamModel()}`)?.tier, 'core');
  });

  test('a Mini model raised to Core costs more, and the row, /routing and the dashboard say how much', async () => {
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const { response } = await f.openai.chat.completions
      .create(
        {
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: `${HARD_PROMPT}\n# v2` }],
        },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      )
      .withResponse();
    const rows = await f.logs();
    const row = rows.find((r) => r.id === response.headers.get('x-request-id'));
    assert.ok(row);
    assert.equal(row.was_routed, 1);
    const asked = resolveModel('openai/gpt-4o-mini');
    const sentTo = resolveModel(`openai/${lastUpstreamModel()}`);
    assert.ok(asked && sentTo?.tier === 'core');
    const tokens = { outputTokens: row.tokens_out };
    const wouldHaveCost = costOf(asked, { ...tokens, inputTokens: row.original_tokens_in });
    const paid = costOf(sentTo, { ...tokens, inputTokens: row.tokens_in });
    assert.ok(Math.abs(row.actual_cost - paid) < 1e-12);
    assert.ok(paid > wouldHaveCost, 'the stronger model costs more');
    assert.ok(
      Math.abs(row.cost_saved - (wouldHaveCost - paid)) < 1e-12,
      `cost_saved ${row.cost_saved}: the ${paid - wouldHaveCost} more it cost is not hidden`,
    );
    const routed = rows.filter((r) => r.was_routed === 1);
    const stats = (await f.user.api('GET', '/v1/routing/stats')).body;
    const sum = (list: typeof rows) => money(list.reduce((a, r) => a + r.cost_saved, 0));
    assert.equal(stats.cost_saved, sum(routed));
    const dashboard = (await f.user.api('GET', '/v1/analytics?time_range=30d')).body.stats;
    assert.equal(dashboard.cost_savings, sum(rows));
  });

  test('never routed to a model lacking a feature the request uses (vision, tools)', async () => {
    const image =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    await f.openai.chat.completions.create({
      model: 'groq/meta-llama/llama-4-maverick-17b-128e-instruct',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour?' },
            { type: 'image_url', image_url: { url: image } },
          ],
        },
      ],
    });
    const visionTarget = resolveModel(`groq/${lastUpstreamModel()}`);
    assert.equal(visionTarget?.capabilities.vision, true, `routed to ${lastUpstreamModel()}`);
    assert.notEqual(lastUpstreamModel(), 'llama-3.1-8b-instant', 'the cheapest Mini has no vision');

    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [
        {
          type: 'function',
          function: { name: 'weather', parameters: { type: 'object', properties: {} } },
        },
      ],
    });
    assert.equal(resolveModel(`openai/${lastUpstreamModel()}`)?.capabilities.tools, true);
  });

  test('the Anthropic endpoint is routed too', async () => {
    await f.anthropic.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    assert.equal(resolveModel(`anthropic/${lastUpstreamModel()}`)?.tier, 'mini');
  });

  test('thumbs-down on routed answers stops their class being downgraded, and stats say so', async () => {
    // A downgraded answer in the cache, from before the votes.
    const cachedQuestion = {
      model: 'openai/gpt-4o',
      messages: [{ role: 'user' as const, content: 'What is the capital of Chile?' }],
    };
    await f.openai.chat.completions.create(cachedQuestion);
    assert.equal(resolveModel(`openai/${lastUpstreamModel()}`)?.tier, 'mini');
    await f.server.app.gateway.cache.settled();
    const before = await f.openai.chat.completions.create(cachedQuestion).withResponse();
    assert.equal(before.response.headers.get('x-cache'), 'HIT', 'served from the cache');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { response } = await f.openai.chat.completions
        .create(
          {
            model: 'openai/gpt-4o',
            messages: [
              { role: 'user', content: `Quick question number ${i}: what is ${i} plus ${i}?` },
            ],
          },
          { headers: { 'x-tokenwise-cache': 'bypass' } },
        )
        .withResponse();
      ids.push(response.headers.get('x-request-id') ?? '');
    }
    await f.logs();
    for (const id of ids) {
      assert.equal(
        (await f.user.api('POST', '/v1/evals/feedback', { request_id: id, feedback: 'negative' }))
          .status,
        200,
      );
    }
    f.server.app.gateway.routingGuard.forget(f.user.accountId);
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is the capital of Peru?' }],
    });
    assert.equal(lastUpstreamModel(), 'gpt-4o', 'simple requests are no longer downgraded');
    const row = (await f.logs())[0];
    assert.equal(row?.was_routed, 0);
    assert.match(row?.details ?? '', /not downgraded/);
    assert.deepEqual((await f.user.api('GET', '/v1/routing/stats')).body.held_difficulties, [
      'simple',
    ]);
    // Nor is the downgraded answer stored before served any more: the requested model answers.
    f.mock.reset();
    const after = await f.openai.chat.completions.create(cachedQuestion).withResponse();
    assert.equal(after.response.headers.get('x-cache'), 'MISS');
    assert.equal(lastUpstreamModel(), 'gpt-4o');
  });

  test('stats count routed requests and the difficulty mix; accounts are isolated', async () => {
    const rows = (await f.logs()).filter((r) => r.status === 'success');
    const stats = (await f.user.api('GET', '/v1/routing/stats')).body;
    assert.equal(stats.total_requests, rows.length);
    assert.equal(stats.routed_requests, rows.filter((r) => r.was_routed === 1).length);
    assert.equal(
      stats.difficulty_breakdown.complex,
      rows.filter((r) => r.difficulty === 'complex').length,
    );
    assert.ok(stats.routing_rate > 0 && stats.routing_rate <= 100);
    const other = await signUp(f.server);
    await other.api('POST', '/v1/billing/checkout', { tier: 'paid' });
    assert.equal((await other.api('GET', '/v1/routing/stats')).body.total_requests, 0);
  });
});

describe('difficulty routing will not use is scored for a sample (decision 051)', () => {
  const f = useGatewayFixture({ DIFFICULTY_SAMPLE_EVERY: '4' });
  const ask = (i: number, headers: Record<string, string> = {}) =>
    f.openai.chat.completions.create(
      { model: 'openai/gpt-4o', messages: [{ role: 'user', content: `Question ${i}: why?` }] },
      { headers },
    );

  test('routing off: one request in N is scored, the rest say not sampled, and screens say so', async () => {
    for (let i = 0; i < 40; i++) await ask(i);
    const rows = await f.logs();
    const inSample = rows.filter((r) => inDifficultySample(r.id, 4));
    const outside = rows.filter((r) => !inDifficultySample(r.id, 4));
    assert.ok(inSample.length > 0 && outside.length > 0, 'both sides of the draw were met');
    for (const r of inSample) {
      assert.ok(r.difficulty !== null, 'a drawn request is scored');
      assert.equal(r.difficulty_not_sampled, null);
    }
    for (const r of outside) {
      assert.equal(r.difficulty, null, 'never a made-up class');
      assert.equal(r.difficulty_not_sampled, 4);
    }

    const stats = (await f.user.api('GET', '/v1/routing/stats')).body;
    const d = stats.difficulty_breakdown;
    assert.equal(d.not_sampled, outside.length);
    assert.equal(d.simple + d.medium + d.complex, inSample.length);
    assert.equal(d.not_scored, 0);
    assert.equal(stats.total_requests, rows.length);

    const detail = await f.user.api('GET', `/v1/analytics/requests/${outside[0]?.id}`);
    assert.equal(detail.body.difficulty, null);
    assert.equal(detail.body.difficulty_not_sampled, 4);
    const scored = await f.user.api('GET', `/v1/analytics/requests/${inSample[0]?.id}`);
    assert.equal(scored.body.difficulty, inSample[0]?.difficulty);
    assert.equal(scored.body.difficulty_not_sampled, null);
  });

  test('routing on: every request is scored; a pinned one is left to the sample', async () => {
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const seen = new Set((await f.logs()).map((r) => r.id));
    for (let i = 0; i < 12; i++) await ask(100 + i);
    for (let i = 0; i < 12; i++) await ask(200 + i, { 'x-tokenwise-pin-model': 'true' });
    const fresh = (await f.logs()).filter((r) => !seen.has(r.id));
    const routed = fresh.filter((r) => !r.original_text?.includes('Question 2'));
    const pinned = fresh.filter((r) => r.original_text?.includes('Question 2'));
    assert.equal(routed.length, 12);
    for (const r of routed) {
      assert.ok(r.difficulty !== null);
      assert.equal(r.difficulty_not_sampled, null);
    }
    for (const r of pinned) {
      assert.equal(r.difficulty === null, !inDifficultySample(r.id, 4));
      assert.equal(r.difficulty_not_sampled, inDifficultySample(r.id, 4) ? null : 4);
    }
  });
});

describe('a period whose savings were negative compares as such (decision 084)', () => {
  const f = useGatewayFixture({ TOKENWISE_TEST_CLOCK: '1' });

  test('from -$x the day before to +$y today is an increase, not a fall', async () => {
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    const send = (model: string, content: string, at: number) =>
      f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content }] },
        {
          headers: {
            'x-tokenwise-cache': 'bypass',
            [TEST_TIME_HEADER]: new Date(at).toISOString(),
          },
        },
      );
    const now = Date.now();
    // Yesterday (the 24h before the current 24h): one Mini request raised to Core.
    await send('openai/gpt-4o-mini', HARD_PROMPT, now - 30 * 3_600_000);
    // Today: one Core request routed down to Mini.
    await send('openai/gpt-4o', 'What is the capital of France?', now);
    const rows = await f.logs();
    const [today, yesterday] = rows.map((r) => r.cost_saved);
    assert.ok(yesterday !== undefined && yesterday < 0 && today !== undefined && today > 0);
    const { stats, comparison } = (await f.user.api('GET', '/v1/analytics?time_range=24h')).body;
    assert.equal(stats.cost_savings, money(today));
    // The dashboard compares the periods' sums rounded to a millionth of a dollar.
    const [todaySaved, yesterdaySaved] = [money(today), money(yesterday)];
    const expected = Math.round(((todaySaved - yesterdaySaved) / -yesterdaySaved) * 1000) / 10;
    assert.ok(expected > 0);
    assert.equal(comparison.cost_savings_change, expected, 'savings rose');
  });
});
