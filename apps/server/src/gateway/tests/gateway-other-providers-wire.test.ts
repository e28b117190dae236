import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import type { GatewayFixture } from './gateway-fixture.ts';
import { CALLERS, callGateway } from './upstream-callers.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

/**
 * What the official SDKs see when the gateway talks to Gemini (native), Mistral and Groq, for what
 * decision 147 found wrong: `reasoning_effort` to Gemini, Gemini's retry delay, Mistral's
 * validation errors.
 */
describe('Gemini, Mistral and Groq through the official SDKs (decision 147)', () => {
  const f = useGatewayFixture();

  const thinkingSent = (fixture: GatewayFixture) =>
    (
      fixture.mock.calls.at(-1)?.body as
        | { generationConfig?: { thinkingConfig?: Record<string, unknown> } }
        | undefined
    )?.generationConfig?.thinkingConfig;

  test('reasoning_effort reaches Gemini as its thinking config, per model', async () => {
    const cases: [string, string, Record<string, unknown> | undefined][] = [
      ['gemini-2.5-flash', 'medium', { thinkingBudget: 8192 }],
      ['gemini-2.5-flash', 'none', { thinkingBudget: 0 }],
      ['gemini-2.5-pro', 'high', { thinkingBudget: 24576 }],
      ['gemini-2.5-pro', 'max', { thinkingBudget: 32768 }],
      ['gemini-3-pro-preview', 'medium', { thinkingLevel: 'high' }],
      ['gemini-3-pro-preview', 'minimal', { thinkingLevel: 'low' }],
      ['gemini-3-flash-preview', 'medium', { thinkingLevel: 'medium' }],
      // Gemini 2.0 does not think: nothing is sent, and Gemini answers.
      ['gemini-2.0-flash', 'high', undefined],
    ];
    for (const [model, effort, expected] of cases) {
      f.mock.reset();
      const answer = await f.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: `Think ${effort} about ${model}` }],
        reasoning_effort: effort as 'medium',
      });
      assert.match(answer.choices[0]?.message.content ?? '', /Think/, `${model} ${effort}`);
      assert.deepEqual(thinkingSent(f), expected, `${model} ${effort}`);
    }
    // The Responses API's reasoning.effort takes the same road, streamed too.
    f.mock.reset();
    const stream = f.openai.responses.stream({
      model: 'gemini-2.5-flash',
      input: 'Think low, streamed',
      reasoning: { effort: 'low' },
    });
    const final = await stream.finalResponse();
    assert.match(final.output_text, /Think low/);
    assert.deepEqual(thinkingSent(f), { thinkingBudget: 1024 });
  });

  test('reasoning_effort Gemini cannot honour is a clear 400 with no upstream call', async () => {
    f.mock.reset();
    for (const [model, effort] of [
      ['gemini-2.5-pro', 'none'],
      ['gemini-2.5-flash', 'extreme'],
    ] as const) {
      const err = await f.openai.chat.completions
        .create({
          model,
          messages: [{ role: 'user', content: 'Hi' }],
          reasoning_effort: effort as 'none',
        })
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, `${model} ${effort}: ${String(err)}`);
      assert.equal(err.param, 'reasoning_effort');
      assert.match(err.message, new RegExp(effort));
    }
    assert.equal(f.mock.callCount('gemini'), 0);
  });

  test("Gemini's RetryInfo delay is waited for, and a long one reaches every caller as retry-after", async () => {
    for (const caller of CALLERS) {
      f.mock.reset();
      f.mock.enqueue({ status: 429, retryAfterSeconds: 0 }, 'gemini');
      const ok = await callGateway(f, caller, `retry soon ${caller}`, {
        model: 'gemini-2.5-flash',
        headers: { 'x-tokenwise-cache': 'bypass' },
      });
      assert.ok(ok.ok, `${caller}: ${ok.ok ? '' : ok.error.message}`);
      assert.equal(f.mock.callCount('gemini'), 2, `${caller}: one retry`);

      f.mock.reset();
      f.mock.enqueue({ status: 429, retryAfterSeconds: 45 }, 'gemini');
      const late = await callGateway(f, caller, `retry later ${caller}`, {
        model: 'gemini-2.5-flash',
        headers: { 'x-tokenwise-cache': 'bypass' },
      });
      assert.ok(!late.ok, `${caller}: expected the 429`);
      assert.equal(late.error.status, 429, caller);
      assert.equal(late.error.retryAfter, '45', `${caller}: Gemini's wait passed on`);
      assert.equal(f.mock.callCount('gemini'), 1, `${caller}: not retried against a 45 s wait`);
    }
  });

  test("Gemini's exhausted daily quota is not retried, by the gateway or the caller's SDK", async () => {
    // Gemini's own body for a daily quota: a 429 with a RetryInfo of seconds, no wait of which
    // cures it; only the QuotaFailure's quotaId says it is daily.
    const dailyQuota = (res: ServerResponse) => {
      const body = JSON.stringify({
        error: {
          code: 429,
          message: 'You exceeded your current quota, please check your plan and billing details.',
          status: 'RESOURCE_EXHAUSTED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [
                {
                  quotaMetric:
                    'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                  quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
                  quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
                  quotaValue: '250',
                },
              ],
            },
            { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0s' },
          ],
        },
      });
      res.writeHead(429, { 'content-type': 'application/json' }).end(body);
    };
    for (const caller of CALLERS) {
      f.mock.reset();
      f.mock.enqueue({ respond: dailyQuota }, 'gemini');
      const outcome = await callGateway(f, caller, `daily quota ${caller}`, {
        model: 'gemini-2.5-flash',
        headers: { 'x-tokenwise-cache': 'bypass' },
        maxRetries: 2,
      });
      assert.ok(!outcome.ok, `${caller}: expected the 429`);
      assert.equal(outcome.error.status, 429, caller);
      assert.equal(outcome.error.shouldRetry, 'false', `${caller}: told not to retry`);
      assert.equal(f.mock.callCount('gemini'), 1, `${caller}: one call, no retry anywhere`);
    }
  });

  test("Mistral's validation error reaches the caller with Mistral's words", async () => {
    for (const caller of CALLERS) {
      f.mock.reset();
      f.mock.enqueue(
        { status: 422, errorMessage: 'Extra inputs are not permitted', errorParam: 'safe_mode' },
        'mistral',
      );
      const outcome = await callGateway(f, caller, `validate ${caller}`, {
        model: 'mistral-small-latest',
        headers: { 'x-tokenwise-cache': 'bypass' },
      });
      assert.ok(!outcome.ok, caller);
      assert.equal(outcome.error.status, 422, caller);
      assert.match(
        outcome.error.message,
        /body\.safe_mode: Extra inputs are not permitted/,
        caller,
      );
    }
  });

  const WEATHER = {
    name: 'get_weather',
    description: 'Weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  };
  const PARIS = { name: 'get_weather', arguments: { city: 'Paris' } };

  for (const [provider, model] of [
    ['mistral', 'mistral-small-latest'],
    ['groq', 'groq/llama-3.1-8b-instant'],
    ['gemini', 'gemini-2.5-flash'],
  ] as const) {
    test(`${provider}: a streamed tool call, forced by name, reaches both SDKs whole and its result goes back`, async () => {
      f.mock.reset();
      f.mock.enqueue({ toolCall: PARIS }, provider);
      const stream = f.openai.chat.completions.stream({
        model,
        messages: [{ role: 'user', content: `Weather in Paris? (${provider})` }],
        tools: [{ type: 'function', function: WEATHER }],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      });
      const completion = await stream.finalChatCompletion();
      const choice = completion.choices[0];
      const call = choice?.message.tool_calls?.[0];
      assert.equal(choice?.finish_reason, 'tool_calls');
      assert.ok(call?.type === 'function' && call.id, 'a typed call with an id');
      assert.deepEqual(JSON.parse(call.function.arguments), { city: 'Paris' });

      f.mock.enqueue({ toolCall: PARIS }, provider);
      const message = await f.anthropic.messages
        .stream({
          model,
          max_tokens: 200,
          messages: [{ role: 'user', content: `Weather in Paris, Anthropic? (${provider})` }],
          tools: [
            {
              name: WEATHER.name,
              description: WEATHER.description,
              input_schema: WEATHER.parameters as { type: 'object' },
            },
          ],
          tool_choice: { type: 'any' },
        })
        .finalMessage();
      const use = message.content.find((b) => b.type === 'tool_use');
      assert.equal(message.stop_reason, 'tool_use');
      assert.ok(use?.type === 'tool_use' && use.id);
      assert.deepEqual(use.input, { city: 'Paris' });

      // The result goes back in the Anthropic caller's form and reaches the provider.
      const after = await f.anthropic.messages.create({
        model,
        max_tokens: 200,
        tools: [{ name: WEATHER.name, input_schema: WEATHER.parameters as { type: 'object' } }],
        messages: [
          { role: 'user', content: `Weather in Paris, Anthropic? (${provider})` },
          { role: 'assistant', content: message.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: use.id, content: 'sunny, 21C' }],
          },
        ],
      });
      const text = after.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      assert.match(text, /sunny, 21C/);
    });
  }

  test("Gemini's finish reasons reach each caller in its own words: SAFETY, a blocked prompt, MAX_TOKENS", async () => {
    const candidate = (finishReason: string, text?: string) => ({
      candidates: [
        {
          ...(text ? { content: { role: 'model', parts: [{ text }] } } : {}),
          finishReason,
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 },
      modelVersion: 'gemini-2.5-flash',
    });
    const blocked = {
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      modelVersion: 'gemini-2.5-flash',
    };
    const cases = [
      { body: candidate('SAFETY'), openai: 'content_filter', anthropic: 'refusal' },
      { body: blocked, openai: 'content_filter', anthropic: 'refusal' },
      { body: candidate('MAX_TOKENS', 'Half an'), openai: 'length', anthropic: 'max_tokens' },
    ];
    for (const [i, { body, openai, anthropic }] of cases.entries()) {
      const ask = `finish ${i}`;
      const seen: string[] = [];
      f.mock.reset();
      for (let n = 0; n < 4; n++)
        f.mock.enqueue({ raw: { json: body, events: [{ data: body }] } }, 'gemini');
      const options = { headers: { 'x-tokenwise-cache': 'bypass' } };
      const model = 'gemini-2.5-flash';
      const messages = [{ role: 'user' as const, content: ask }];
      const plain = await f.openai.chat.completions.create({ model, messages }, options);
      seen.push(String(plain.choices[0]?.finish_reason));
      const streamed = await f.openai.chat.completions
        .stream({ model, messages }, options)
        .finalChatCompletion();
      seen.push(String(streamed.choices[0]?.finish_reason));
      const message = await f.anthropic.messages.create(
        { model, max_tokens: 50, messages },
        options,
      );
      seen.push(String(message.stop_reason));
      const final = await f.anthropic.messages
        .stream({ model, max_tokens: 50, messages }, options)
        .finalMessage();
      seen.push(String(final.stop_reason));
      assert.deepEqual(seen, [openai, openai, anthropic, anthropic], JSON.stringify(body));
    }
  });

  test('a json_schema with $defs (as pydantic and zod write nested models) reaches Gemini whole; Mistral and Groq get it as given', async () => {
    const schema = {
      type: 'object',
      properties: {
        home: { $ref: '#/$defs/Address' },
        work: { $ref: '#/$defs/Address', description: 'Office' },
      },
      required: ['home', 'work'],
      additionalProperties: false,
      $defs: {
        Address: {
          type: 'object',
          properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
          required: ['city', 'zip'],
          additionalProperties: false,
        },
      },
    };
    const response_format = {
      type: 'json_schema' as const,
      json_schema: { name: 'addresses', strict: true, schema },
    };
    const address = {
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string', nullable: true } },
      required: ['city', 'zip'],
    };
    f.mock.reset();
    await f.openai.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Where do I live and work?' }],
      response_format,
    });
    const config = (
      f.mock.calls.at(-1)?.body as { generationConfig?: Record<string, unknown> } | undefined
    )?.generationConfig;
    assert.equal(config?.responseMimeType, 'application/json');
    assert.deepEqual(config?.responseSchema, {
      type: 'object',
      properties: { home: address, work: { ...address, description: 'Office' } },
      required: ['home', 'work'],
    });
    for (const model of ['mistral-small-latest', 'groq/llama-3.1-8b-instant']) {
      await f.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: `Where do I live and work? ${model}` }],
        response_format,
      });
      const sent = f.mock.calls.at(-1)?.body as { response_format?: unknown };
      assert.deepEqual(sent.response_format, response_format, model);
    }
  });

  test('a recursive json_schema Gemini cannot take is a clear 400, not a schema with a hole', async () => {
    f.mock.reset();
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    };
    const err = await f.openai.chat.completions
      .create({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'A family tree' }],
        response_format: { type: 'json_schema', json_schema: { name: 'tree', schema } },
      })
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError, String(err));
    assert.match(err.message, /recursive/);
    assert.equal(f.mock.callCount('gemini'), 0);
  });

  test("a conversation begun with GPT and the SDK's own messages goes on with Mistral", async () => {
    f.mock.reset();
    // OpenAI's answer carries `refusal: null` and `annotations: []`; agents send it back as given.
    f.mock.enqueue({ toolCall: PARIS }, 'openai');
    const tools = [{ type: 'function' as const, function: WEATHER }];
    const question = {
      role: 'user' as const,
      content: 'Weather in Paris, then Mistral?',
      name: 'ana',
    };
    const first = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [question],
      tools,
    });
    const message = first.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    assert.ok(message && call);
    assert.equal(message.refusal, null, "OpenAI's own field reached the caller");
    const next = await f.openai.chat.completions.create({
      model: 'mistral-small-latest',
      tools,
      messages: [question, message, { role: 'tool', tool_call_id: call.id, content: 'rain, 12C' }],
    });
    assert.match(next.choices[0]?.message.content ?? '', /rain, 12C/);
  });

  test('streamed usage: one usage chunk when include_usage asks, none otherwise, for each provider', async () => {
    for (const model of ['gemini-2.5-flash', 'mistral-small-latest', 'groq/llama-3.1-8b-instant']) {
      for (const include of [true, false]) {
        f.mock.reset();
        const stream = await f.openai.chat.completions.create(
          {
            model,
            messages: [{ role: 'user', content: `Count usage ${model} ${include}` }],
            stream: true,
            ...(include ? { stream_options: { include_usage: true } } : {}),
          },
          { headers: { 'x-tokenwise-cache': 'bypass' } },
        );
        const usages: unknown[] = [];
        let text = '';
        for await (const chunk of stream) {
          if (chunk.usage) usages.push(chunk.usage);
          text += chunk.choices[0]?.delta.content ?? '';
        }
        assert.match(text, /Count usage/);
        assert.equal(usages.length, include ? 1 : 0, `${model} include_usage ${include}`);
      }
    }
  });

  test("each provider's errors reach every caller with the status, the type of that status and the provider's words", async () => {
    const cases = [
      { provider: 'gemini', model: 'gemini-2.5-flash', status: 400, type: 'invalid_request_error' },
      { provider: 'gemini', model: 'gemini-2.5-flash', status: 403, type: 'permission_error' },
      { provider: 'gemini', model: 'gemini-2.5-flash', status: 503, type: 'overloaded_error' },
      {
        provider: 'mistral',
        model: 'mistral-small-latest',
        status: 400,
        type: 'invalid_request_error',
      },
      {
        provider: 'groq',
        model: 'groq/llama-3.1-8b-instant',
        status: 429,
        type: 'rate_limit_error',
      },
    ] as const;
    for (const { provider, model, status, type } of cases) {
      for (const caller of CALLERS) {
        f.mock.reset();
        // Tried once: the retryable ones ask for a wait longer than the gateway makes.
        for (let n = 0; n < 3; n++)
          f.mock.enqueue(
            { status, errorMessage: `${provider} says no (${status})`, retryAfterSeconds: 45 },
            provider,
          );
        const outcome = await callGateway(f, caller, `errors ${provider} ${status} ${caller}`, {
          model,
          headers: { 'x-tokenwise-cache': 'bypass' },
        });
        const where = `${provider} ${status} ${caller}`;
        assert.ok(!outcome.ok, where);
        assert.equal(outcome.error.status, status, where);
        assert.match(outcome.error.message, new RegExp(`${provider} says no`), where);
        // A 5xx reads `server_error` in OpenAI's words, `overloaded_error` in Anthropic's.
        const expected = status === 503 && !caller.startsWith('anthropic') ? 'server_error' : type;
        assert.equal(outcome.error.type, expected, where);
        if (status === 429 || status === 503) assert.equal(outcome.error.retryAfter, '45', where);
      }
    }
  });
});
