import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;
type Params = Anthropic.MessageCreateParamsNonStreaming;

// Decision 230: an Anthropic caller's thinking reaches Gemini's and Groq's reasoning models as the
// control each takes (decision 227 did OpenAI's); Mistral's take none the gateway can map.
describe("an Anthropic caller's thinking on Gemini, Groq and Mistral (decision 230)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const send = async (model: string, extra: Record<string, unknown>) => {
    const body = { model, max_tokens: 20_000, messages: [{ role: 'user', content: 'Think' }] };
    const answer = await f.anthropic.messages.create({ ...body, ...extra } as Params, bypass);
    assert.equal(answer.type, 'message');
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.equal(sent?.thinking, undefined);
    assert.equal(sent?.output_config, undefined);
    return sent;
  };
  const thinkingConfig = async (model: string, extra: Record<string, unknown>) => {
    const sent = await send(model, extra);
    return (sent?.generationConfig as Sent)?.thinkingConfig;
  };
  const enabled = (budget_tokens: number) => ({ thinking: { type: 'enabled', budget_tokens } });
  const disabled = { thinking: { type: 'disabled' } };

  test("Gemini 2.5 gets the thinking budget of the budget's effort", async () => {
    // Before: no thinkingConfig, so the model thought at its default (dynamic) whatever was asked.
    assert.deepEqual(await thinkingConfig('gemini-2.5-flash', enabled(1024)), {
      thinkingBudget: 1024,
    });
    assert.deepEqual(await thinkingConfig('gemini-2.5-flash', enabled(4096)), {
      thinkingBudget: 24576,
    });
    assert.deepEqual(await thinkingConfig('gemini-2.5-flash', disabled), { thinkingBudget: 0 });
    // 2.5 Pro cannot stop thinking: disabled is its least budget, not Gemini's 400.
    assert.deepEqual(await thinkingConfig('gemini-2.5-pro', disabled), { thinkingBudget: 1024 });
    assert.deepEqual(await thinkingConfig('gemini-2.5-pro', { output_config: { effort: 'max' } }), {
      thinkingBudget: 32768,
    });
  });

  test('Gemini 3 gets the thinking level; models that do not think get nothing', async () => {
    assert.deepEqual(
      await thinkingConfig('gemini-3-flash-preview', { thinking: { type: 'adaptive' } }),
      {
        thinkingLevel: 'medium',
      },
    );
    assert.deepEqual(await thinkingConfig('gemini-3-pro-preview', enabled(1024)), {
      thinkingLevel: 'low',
    });
    assert.deepEqual(await thinkingConfig('gemini-3-flash-preview', disabled), {
      thinkingLevel: 'minimal',
    });
    assert.equal(await thinkingConfig('gemini-2.0-flash', enabled(2048)), undefined);
    assert.equal(await thinkingConfig('gemini-2.5-flash', {}), undefined);
  });

  test("Groq's gpt-oss gets low to high, Qwen 3 none or default, others nothing", async () => {
    const effort = async (model: string, extra: Record<string, unknown>) =>
      (await send(model, extra))?.reasoning_effort;
    assert.equal(await effort('groq/openai/gpt-oss-20b', enabled(4096)), 'high');
    assert.equal(await effort('groq/openai/gpt-oss-120b', enabled(2048)), 'medium');
    assert.equal(await effort('groq/openai/gpt-oss-20b', disabled), 'low');
    assert.equal(
      await effort('groq/openai/gpt-oss-20b', { output_config: { effort: 'max' } }),
      'high',
    );
    assert.equal(await effort('groq/qwen/qwen3-32b', disabled), 'none');
    assert.equal(await effort('groq/qwen/qwen3-32b', enabled(1024)), 'default');
    assert.equal(await effort('groq/llama-3.3-70b-versatile', enabled(1024)), undefined);
    assert.equal(await effort('groq/openai/gpt-oss-20b', {}), undefined);
  });

  test('Mistral: nothing maps, nothing is sent', async () => {
    const sent = await send('mistral-small', enabled(4096));
    assert.equal(sent?.reasoning_effort, undefined);
    assert.equal(sent?.prompt_mode, undefined);
  });

  test("Claude takes the caller's thinking as given, display included", async () => {
    // Guard, not a fix: `display` ('summarized' | 'omitted') already rode along; other providers
    // have no such switch (decision 230).
    const thinking = { type: 'enabled', budget_tokens: 2048, display: 'omitted' };
    await f.anthropic.messages.create(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 4096,
        messages: [{ role: 'user', content: 'Think quietly' }],
        thinking,
      } as Params,
      bypass,
    );
    assert.deepEqual((f.mock.calls.at(-1)?.body as Sent)?.thinking, thinking);
  });
});
