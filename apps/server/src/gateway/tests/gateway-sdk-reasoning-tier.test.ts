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
    const body = { model, max_tokens: 300, messages: [{ role: 'user', content: 'Think it over' }] };
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
          max_tokens: 300,
          messages: [{ role: 'user', content: 'Plan a three-day walk along the coast' }],
          thinking: { type: 'enabled', budget_tokens },
        })
        .withResponse();
    assert.equal((await ask(1024)).response.headers.get('x-cache'), 'MISS');
    assert.equal((await ask(1024)).response.headers.get('x-cache'), 'HIT');
    assert.equal((await ask(8192)).response.headers.get('x-cache'), 'MISS');
  });
});
