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

  test("an Anthropic caller's output_config (Claude's effort) reaches Claude and keeps its model", async () => {
    // Before: dropped, so Claude worked at its default effort (high) whatever the caller asked.
    const ask = (effort: string, thinking: boolean) =>
      f.anthropic.messages.create(
        {
          model: 'claude-opus-4-6',
          max_tokens: 2000,
          ...(thinking ? { thinking: { type: 'adaptive' } } : {}),
          output_config: { effort },
          messages: [{ role: 'user', content: `Say hi (${effort}, ${thinking})` }],
        } as Anthropic.MessageCreateParamsNonStreaming,
        bypass,
      );
    const routing = { difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 };
    await f.user.api('PUT', '/v1/routing/config', { enabled: true, ...routing });
    const before = f.mock.calls.length;
    try {
      await ask('low', false);
      await ask('medium', true);
    } finally {
      await f.user.api('PUT', '/v1/routing/config', { enabled: false, ...routing });
    }
    const sent = f.mock.calls.slice(before).map((c) => c.body as Sent);
    assert.deepEqual(
      sent.map((b) => [b?.model, b?.output_config]),
      [
        ['claude-opus-4-6', { effort: 'low' }],
        ['claude-opus-4-6', { effort: 'medium' }],
      ],
      'one call each, on the model named: effort is offered per model',
    );
    // An effort the model lacks is Claude's own 400, as asked directly.
    const err = await ask('xhigh', true).catch((e: unknown) => e);
    assert.ok(err instanceof Anthropic.BadRequestError);
    assert.match(err.message, /output_config\.effort/);
  });

  test("a structured output asked in output_config.format is asked and read as output_format's", async () => {
    // Before: the whole output_config was dropped, so the answer came in prose, and a JSON answer
    // would have had personal data put back unescaped.
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const format = { type: 'json_schema' as const, schema };
    for (const model of ['claude-sonnet-4-5', 'gpt-4o-mini']) {
      f.mock.enqueue({ reply: '{"city":"Lima"}' });
      const answer = await f.anthropic.messages.create(
        {
          model,
          max_tokens: 200,
          output_config: { format },
          messages: [{ role: 'user', content: `Where is it? (${model})` }],
        } as Anthropic.MessageCreateParamsNonStreaming,
        bypass,
      );
      assert.deepEqual(answer.content, [{ type: 'text', text: '{"city":"Lima"}' }], model);
      const sent = f.mock.calls.at(-1)?.body as Sent;
      if (model.startsWith('claude')) {
        assert.deepEqual(sent?.output_format, format);
        assert.equal(sent?.output_config, undefined);
      } else {
        const asked = sent?.response_format as { json_schema?: { schema?: unknown } } | undefined;
        assert.deepEqual(asked?.json_schema?.schema, schema);
      }
    }
  });
});
