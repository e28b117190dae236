import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> | undefined;

// What an outside conformance run through the official SDKs found (decision 222): each test failed
// before its fix.
describe('the SDKs against the wire formats their providers write (decision 222)', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

  test("an Anthropic caller's max_tokens reaches OpenAI's reasoning models as max_completion_tokens", async () => {
    // Before: sent as `max_tokens`, which o-series and gpt-5 models refuse with a 400, so every
    // Anthropic SDK call (max_tokens is required there) to one of them failed.
    for (const model of ['gpt-5-mini', 'o4-mini']) {
      const answer = await f.anthropic.messages.create(
        { model, max_tokens: 300, messages: [{ role: 'user', content: `Hello ${model}` }] },
        bypass,
      );
      assert.equal(answer.type, 'message', model);
      const sent = f.mock.calls.at(-1)?.body as Sent;
      assert.equal(sent?.max_completion_tokens, 300, model);
      assert.equal(sent?.max_tokens, undefined, model);
    }
    const stream = f.anthropic.messages.stream(
      { model: 'gpt-5-mini', max_tokens: 200, messages: [{ role: 'user', content: 'Stream it' }] },
      bypass,
    );
    assert.equal((await stream.finalMessage()).stop_reason, 'end_turn');

    // Claude keeps its own field, as it came.
    await f.anthropic.messages.create(
      { model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] },
      bypass,
    );
    assert.equal((f.mock.calls.at(-1)?.body as Sent)?.max_tokens, 100);
  });

  test("a legacy completion's max_tokens reaches a reasoning chat model as max_completion_tokens", async () => {
    const answer = await f.openai.completions.create(
      { model: 'gpt-5-mini', prompt: 'Say hi', max_tokens: 40 },
      bypass,
    );
    assert.equal(answer.object, 'text_completion');
    const sent = f.mock.calls.at(-1)?.body as Sent;
    assert.equal(sent?.max_completion_tokens, 40);
    assert.equal(sent?.max_tokens, undefined);
  });

  test('every chat answer has logprobs and refusal, null when empty, as OpenAI writes them', async () => {
    // Before: Claude's, Gemini's, Mistral's and Groq's answers, and a cached streamed one, lacked
    // one or both, so `choice.logprobs !== null` was true of an answer with no logprobs.
    const models = ['claude-sonnet-4-5', 'gemini-2.5-flash', 'mistral-small-latest'];
    for (const model of [...models, 'groq/llama-3.1-8b-instant', 'gpt-4o-mini']) {
      const answer = await f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content: `Fields of ${model}` }] },
        bypass,
      );
      const [choice] = answer.choices;
      assert.equal(choice?.logprobs, null, model);
      assert.equal(choice?.message.refusal, null, model);
    }

    const body = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user' as const, content: 'One line about autumn leaves, please' }],
    };
    const stream = await f.openai.chat.completions.create({ ...body, stream: true });
    for await (const _ of stream);
    const { data, response } = await f.openai.chat.completions.create(body).withResponse();
    assert.equal(response.headers.get('x-cache'), 'HIT');
    assert.equal(data.choices[0]?.logprobs, null);
    assert.equal(data.choices[0]?.message.refusal, null);
  });

  test("Anthropic's model list pages as Anthropic's does: limit, after_id, before_id", async () => {
    // Before: every query was ignored; `models.list({limit: 5})` gave the whole catalog.
    const whole = await f.anthropic.models.list();
    const ids = whole.data.map((m) => m.id);
    assert.ok(ids.length > 12, 'the fixture lists enough models to page');
    assert.equal(whole.has_more, false);

    const first = await f.anthropic.models.list({ limit: 5 });
    assert.deepEqual(
      first.data.map((m) => m.id),
      ids.slice(0, 5),
    );
    assert.equal(first.has_more, true);
    assert.equal(first.last_id, ids[4]);

    const paged: string[] = [];
    for await (const model of f.anthropic.models.list({ limit: 5 })) paged.push(model.id);
    assert.deepEqual(paged, ids, "the SDK's pager walks every model once, in order");

    const back = await f.anthropic.models.list({ limit: 5, before_id: ids[10] });
    assert.deepEqual(
      back.data.map((m) => m.id),
      ids.slice(5, 10),
    );
    assert.equal(back.has_more, true);
    const rest = await f.anthropic.models.list({ after_id: ids.at(-3) });
    assert.deepEqual(
      rest.data.map((m) => m.id),
      ids.slice(-2),
    );
    assert.equal(rest.has_more, false);

    for (const query of [{ limit: 0 }, { limit: 1001 }, { after_id: 'no-such-model' }]) {
      const err = await f.anthropic.models.list(query).catch((e: unknown) => e);
      assert.ok(err instanceof Anthropic.BadRequestError, JSON.stringify(query));
      assert.equal(
        (err.error as { error?: { type?: string } }).error?.type,
        'invalid_request_error',
      );
    }
  });
});
