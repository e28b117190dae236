import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;
type Params = Anthropic.MessageCreateParamsNonStreaming;

// Decision 227: fields decision 222 noticed and left, each through the official SDKs.
describe("an Anthropic caller's thinking on OpenAI's reasoning models (decision 227)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const sentEffort = async (model: string, extra: Record<string, unknown>) => {
    // Room above every budget asked here, as Claude requires (the SDK's most without streaming).
    const body = {
      model,
      max_tokens: 20_000,
      messages: [{ role: 'user', content: 'Think it over' }],
    };
    const answer = await f.anthropic.messages.create({ ...body, ...extra } as Params, bypass);
    assert.equal(answer.type, 'message');
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.equal(sent?.thinking, undefined);
    assert.equal(sent?.output_config, undefined);
    return sent?.reasoning_effort;
  };

  test('a thinking budget becomes reasoning_effort by LiteLLM’s thresholds', async () => {
    // Before: no reasoning_effort was sent, so the model reasoned at its default (medium).
    const enabled = (budget_tokens: number) => ({ thinking: { type: 'enabled', budget_tokens } });
    assert.equal(await sentEffort('gpt-5-mini', enabled(1024)), 'low');
    assert.equal(await sentEffort('gpt-5-mini', enabled(2048)), 'medium');
    assert.equal(await sentEffort('gpt-5-mini', enabled(4095)), 'medium');
    assert.equal(await sentEffort('gpt-5-mini', enabled(4096)), 'high');
    // xhigh from 8192 where the model takes it (gpt-5.2 on), high elsewhere.
    assert.equal(await sentEffort('gpt-5.2', enabled(10_000)), 'xhigh');
    assert.equal(await sentEffort('o4-mini', enabled(32_000)), 'high');
  });

  test('a budget counts only up to max_tokens, which the reasoning spends too', async () => {
    // Review of 227: before, 16,384 under a 1,500 max_tokens was high, reasoning through the whole
    // max_completion_tokens and leaving an empty answer; Claude itself refuses such a budget.
    const within = (budget_tokens: number, max_tokens: number) => ({
      max_tokens,
      thinking: { type: 'enabled', budget_tokens },
    });
    assert.equal(await sentEffort('gpt-5-mini', within(16_384, 1500)), 'low');
    assert.equal(await sentEffort('gpt-5-mini', within(4096, 800)), 'minimal');
    assert.equal(await sentEffort('gpt-5.2', within(16_384, 3000)), 'medium');
    assert.equal(await sentEffort('gpt-5-mini', within(4096, 20_000)), 'high');
  });

  test('adaptive thinking is medium, or output_config.effort, alone or with it', async () => {
    assert.equal(await sentEffort('gpt-5-mini', { thinking: { type: 'adaptive' } }), 'medium');
    const adaptiveLow = { thinking: { type: 'adaptive' }, output_config: { effort: 'low' } };
    assert.equal(await sentEffort('openai/gpt-5-mini', adaptiveLow), 'low');
    assert.equal(await sentEffort('o4-mini', { output_config: { effort: 'high' } }), 'high');
    // Anthropic's `max` is the most the model takes.
    assert.equal(await sentEffort('gpt-5.2', { output_config: { effort: 'max' } }), 'xhigh');
    assert.equal(await sentEffort('gpt-5-mini', { output_config: { effort: 'max' } }), 'high');
  });

  test('disabled thinking is the least effort the model takes', async () => {
    const disabled = { thinking: { type: 'disabled' } };
    assert.equal(await sentEffort('gpt-5-mini', disabled), 'minimal');
    assert.equal(await sentEffort('gpt-5.1', disabled), 'none');
    assert.equal(await sentEffort('o4-mini', disabled), 'low');
  });

  test('models that take no effort get none; nothing asked, nothing sent', async () => {
    const enabled = { thinking: { type: 'enabled', budget_tokens: 2048 } };
    assert.equal(await sentEffort('gpt-4o-mini', enabled), undefined);
    assert.equal(await sentEffort('gpt-5-chat-latest', enabled), undefined);
    assert.equal(await sentEffort('gpt-5-mini', {}), undefined);
  });

  test('the effort is part of the cache key: another budget is another answer', async () => {
    const ask = (budget_tokens: number) =>
      f.anthropic.messages
        .create({
          model: 'gpt-5-mini',
          max_tokens: 16_000,
          messages: [{ role: 'user', content: 'Plan a three-day walk along the coast' }],
          thinking: { type: 'enabled', budget_tokens },
        })
        .withResponse();
    assert.equal((await ask(1024)).response.headers.get('x-cache'), 'MISS');
    assert.equal((await ask(1024)).response.headers.get('x-cache'), 'HIT');
    assert.equal((await ask(8192)).response.headers.get('x-cache'), 'MISS');
  });
});

describe("OpenAI's service tier and a stream's fingerprint (decision 227)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const messages = [{ role: 'user' as const, content: 'Which tier served this?' }];

  test('service_tier reaches OpenAI as asked and the tier that served comes back', async () => {
    // Before: the answer had no service_tier, so a caller asking `flex` could not see which served.
    const { data, response } = await f.openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages, service_tier: 'flex' }, bypass)
      .withResponse();
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.service_tier, 'flex');
    assert.equal(data.service_tier, 'flex');
    assert.equal(data.system_fingerprint, 'fp_mock');
    // The answer's id stays the request id (decision 217).
    assert.equal(data.id, response.headers.get('x-request-id'));
    const unasked = await f.openai.chat.completions.create(
      { model: 'gpt-4o-mini', messages },
      bypass,
    );
    assert.equal(unasked.service_tier, 'default');
  });

  test('every streamed chunk carries the service tier and fingerprint OpenAI wrote', async () => {
    // Before: neither was on any chunk.
    const stream = await f.openai.chat.completions.create(
      {
        model: 'gpt-4o-mini',
        messages,
        service_tier: 'priority',
        stream: true,
        stream_options: { include_usage: true },
      },
      bypass,
    );
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      assert.equal(chunk.service_tier, 'priority');
      assert.equal(chunk.system_fingerprint, 'fp_mock');
    }
    assert.ok(chunks > 2);
  });

  test('the tier is no part of the cache key, and a hit names no tier: none served it', async () => {
    const ask = (service_tier: 'flex' | 'priority') =>
      f.openai.chat.completions
        .create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'Name a tide' }],
          service_tier,
        })
        .withResponse();
    const first = await ask('flex');
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    assert.equal(first.data.service_tier, 'flex');
    const hit = await ask('priority');
    assert.equal(hit.response.headers.get('x-cache'), 'HIT');
    assert.equal(hit.data.service_tier, undefined);
    assert.equal(hit.data.choices[0]?.message.content, first.data.choices[0]?.message.content);
  });
});

describe("Anthropic's context_management to Claude and its applied_edits back (decision 227)", () => {
  const f = useGatewayFixture();
  const bypass = { 'x-tokenwise-cache': 'bypass' };
  const contextManagement = {
    edits: [{ type: 'clear_tool_uses_20250919', keep: { type: 'tool_uses', value: 2 } }],
  };
  const applied = [
    { type: 'clear_tool_uses_20250919', cleared_tool_uses: 3, cleared_input_tokens: 1800 },
  ];
  const body = (model: string, content: string) =>
    ({
      model,
      max_tokens: 300,
      messages: [{ role: 'user', content }],
      context_management: contextManagement,
      betas: ['context-management-2025-06-27'],
    }) as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming;
  const withEdits = (answer: unknown) =>
    (answer as { context_management?: unknown }).context_management;

  test('sent to Claude as given; the applied edits come back whole and on message_delta', async () => {
    // Before: dropped, so Claude never cleared anything and the caller saw no report.
    f.mock.enqueue({ appliedEdits: applied }, 'anthropic');
    const answer = await f.anthropic.beta.messages.create(body('claude-sonnet-4-5', 'Tidy up'), {
      headers: bypass,
    });
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.deepEqual(sent?.context_management, contextManagement);
    assert.deepEqual(withEdits(answer), { applied_edits: applied });

    f.mock.enqueue({ appliedEdits: applied }, 'anthropic');
    const stream = f.anthropic.beta.messages.stream(body('claude-sonnet-4-5', 'Tidy up again'), {
      headers: bypass,
    });
    let delta: unknown;
    for await (const event of stream) if (event.type === 'message_delta') delta = event;
    assert.deepEqual(withEdits(delta), { applied_edits: applied });
  });

  test('a cached answer keeps its report, whole and streamed', async () => {
    f.mock.enqueue({ appliedEdits: applied }, 'anthropic');
    const first = f.anthropic.beta.messages.stream(
      body('claude-sonnet-4-5', 'Clear old tool output'),
    );
    await first.finalMessage();
    const hit = await f.anthropic.beta.messages
      .create(body('claude-sonnet-4-5', 'Clear old tool output'))
      .withResponse();
    assert.equal(hit.response.headers.get('x-cache'), 'HIT');
    assert.deepEqual(withEdits(hit.data), { applied_edits: applied });
    const replay = f.anthropic.beta.messages.stream(
      body('claude-sonnet-4-5', 'Clear old tool output'),
    );
    let delta: unknown;
    for await (const event of replay) if (event.type === 'message_delta') delta = event;
    assert.deepEqual(withEdits(delta), { applied_edits: applied });
  });

  test('dropped for other providers, as before', async () => {
    const answer = await f.anthropic.beta.messages.create(body('gpt-4o-mini', 'Tidy up'), {
      headers: bypass,
    });
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.context_management, undefined);
    assert.equal(withEdits(answer), undefined);
  });
});
