import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;
type Params = OpenAI.Responses.ResponseCreateParamsNonStreaming;

// Decision 230: the service tier that served a Responses or legacy completions answer, and the
// Responses API's `include` and `truncation`, through the official SDK.
describe('the service tier on Responses and legacy completions answers (decision 230)', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

  test('a Responses answer names the tier that served it, whole and streamed', async () => {
    // Before: the Response object had no service_tier, though OpenAI writes it on every one.
    const whole = await f.openai.responses.create(
      { model: 'gpt-4o-mini', input: 'Which tier?', service_tier: 'flex' },
      bypass,
    );
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.service_tier, 'flex');
    assert.equal(whole.service_tier, 'flex');
    const unasked = await f.openai.responses.create(
      { model: 'gpt-4o-mini', input: 'Which tier now?' },
      bypass,
    );
    assert.equal(unasked.service_tier, 'default');

    const stream = await f.openai.responses.create(
      {
        model: 'gpt-4o-mini',
        input: 'Which tier, streamed?',
        service_tier: 'priority',
        stream: true,
      },
      bypass,
    );
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream)
      if (event.type === 'response.completed') completed = event.response;
    assert.equal(completed?.service_tier, 'priority');
  });

  test('a Responses cache hit names no tier, and the tier is no part of the key', async () => {
    const ask = (service_tier: 'flex' | 'priority') =>
      f.openai.responses
        .create({ model: 'gpt-4o-mini', input: 'Name a cape', service_tier })
        .withResponse();
    const first = await ask('flex');
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    const hit = await ask('priority');
    assert.equal(hit.response.headers.get('x-cache'), 'HIT');
    assert.equal(hit.data.service_tier, undefined);
    assert.equal(hit.data.output_text, first.data.output_text);
  });

  test('a legacy completion names the tier, whole and on every streamed chunk', async () => {
    // Before: neither the text_completion object nor its chunks carried it.
    const whole = await f.openai.completions.create(
      { model: 'gpt-4o-mini', prompt: 'Which tier?', service_tier: 'flex' } as never,
      bypass,
    );
    assert.equal((whole as unknown as { service_tier?: string }).service_tier, 'flex');

    const stream = await f.openai.completions.create(
      {
        model: 'gpt-4o-mini',
        prompt: 'Which tier, streamed?',
        service_tier: 'priority',
        stream: true,
      } as never,
      bypass,
    );
    let chunks = 0;
    for await (const chunk of stream as unknown as AsyncIterable<{ service_tier?: string }>) {
      chunks += 1;
      assert.equal(chunk.service_tier, 'priority');
    }
    assert.ok(chunks > 1);
  });
});

describe("the Responses API's include and truncation (decision 230)", () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

  test('include message.output_text.logprobs asks OpenAI for them and writes them back', async () => {
    // Before: `include` was dropped, so output_text.logprobs stayed [].
    const body = {
      model: 'gpt-4o-mini',
      input: 'Say something probable',
      include: ['message.output_text.logprobs'],
      top_logprobs: 2,
    } as Params;
    const whole = await f.openai.responses.create(body, bypass);
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.equal(sent?.logprobs, true);
    assert.equal(sent?.top_logprobs, 2);
    assert.equal(sent?.include, undefined, 'Chat Completions takes no include');
    const part = whole.output.flatMap((item) => (item.type === 'message' ? item.content : []))[0];
    assert.ok(part?.type === 'output_text');
    assert.ok((part.logprobs?.length ?? 0) > 0);
    assert.equal(typeof part.logprobs?.[0]?.logprob, 'number');

    const stream = await f.openai.responses.create({ ...body, stream: true }, bypass);
    let deltas = 0;
    let done: unknown[] | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') deltas += event.logprobs.length;
      if (event.type === 'response.output_text.done') done = event.logprobs;
    }
    assert.ok(deltas > 0);
    assert.equal(done?.length, deltas);
  });

  test('no include, no logprobs asked', async () => {
    await f.openai.responses.create({ model: 'gpt-4o-mini', input: 'Plain' }, bypass);
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.logprobs, undefined);
  });

  test('include values without a Chat Completions form are ignored, as reasoning items are', async () => {
    const answer = await f.openai.responses.create(
      {
        model: 'gpt-5-mini',
        input: 'Think',
        include: ['reasoning.encrypted_content', 'web_search_call.action.sources'],
      },
      bypass,
    );
    assert.equal(answer.status, 'completed');
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.equal(sent?.include, undefined);
    assert.equal(sent?.logprobs, undefined);
  });

  test('to another provider logprobs are not offered: the answer has none, as chat', async () => {
    const answer = await f.openai.responses.create(
      {
        model: 'claude-sonnet-4-5',
        input: 'Say something probable',
        include: ['message.output_text.logprobs'],
      },
      bypass,
    );
    assert.equal(answer.status, 'completed');
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.logprobs, undefined);
  });

  test('truncation is accepted; the answer says disabled, what the gateway does', async () => {
    for (const truncation of ['auto', 'disabled'] as const) {
      const answer = await f.openai.responses.create(
        { model: 'gpt-4o-mini', input: 'Cut nothing', truncation },
        bypass,
      );
      assert.equal(answer.truncation, 'disabled');
      assert.equal((f.mock.calls.at(-1)?.body as Sent)?.truncation, undefined);
    }
  });
});
