import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// What a caller's code reads from the official SDKs, held to what the provider itself gives them:
// request ids, error codes, the embeddings encodings and the model list.
describe('the official SDKs see what the provider would show them', () => {
  const f = useGatewayFixture();
  const claude = 'claude-3-5-haiku-latest';

  test('the Anthropic SDK reads the request id, on answers and on errors', async () => {
    const { data, request_id, response } = await f.anthropic.messages
      .create({ model: claude, max_tokens: 50, messages: [{ role: 'user', content: 'an id?' }] })
      .withResponse();
    assert.ok(request_id, 'the SDK reads request-id');
    assert.equal(request_id, response.headers.get('x-request-id'));
    assert.equal((data as { _request_id?: string | null })._request_id, request_id);

    for (let i = 0; i < 3; i++) f.mock.enqueue({ status: 429, errorMessage: 'slow down' });
    const err = await f.anthropic.messages
      .create({ model: claude, max_tokens: 50, messages: [{ role: 'user', content: 'limited' }] })
      .catch((e: unknown) => e);
    assert.ok(err instanceof Anthropic.RateLimitError);
    assert.ok(err.requestID, 'the error names the request');
    assert.equal((err.error as { request_id?: string }).request_id, err.requestID);
    const row = (await f.logs())[0];
    assert.equal(row?.id, err.requestID, 'the id is the one the dashboard shows');
  });

  test("a raw Anthropic stream's message_start counts the input, as Anthropic's does, cached or not", async () => {
    const body = {
      model: claude,
      max_tokens: 50,
      stream: true as const,
      messages: [{ role: 'user' as const, content: 'Tell me about the tides of the Atlantic' }],
    };
    f.mock.enqueue({ usage: { input: 42, output: 7 }, cacheTokens: { read: 30 } });
    for (const round of ['MISS', 'HIT']) {
      const { data, response } = await f.anthropic.messages.create(body).withResponse();
      assert.equal(response.headers.get('x-cache'), round);
      const events = [];
      for await (const event of data) events.push(event);
      const start = events.find((e) => e.type === 'message_start');
      const usage = start?.type === 'message_start' ? start.message.usage : undefined;
      // LangChain and other raw readers take the input count from message_start alone.
      assert.equal(usage?.input_tokens, 42, round);
      assert.equal(usage?.cache_read_input_tokens, 30, round);
      assert.equal(usage?.output_tokens, 0, round);
    }
  });

  test("the Anthropic SDK's betas reach Claude, and only Claude", async () => {
    const betas = ['context-1m-2025-08-07', 'interleaved-thinking-2025-05-14'];
    const ask = (model: string) =>
      f.anthropic.beta.messages.create({
        model,
        max_tokens: 50,
        betas,
        messages: [{ role: 'user', content: `a beta feature, please (${model})` }],
      });
    const routing = { difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 };
    await f.user.api('PUT', '/v1/routing/config', { enabled: true, ...routing });
    await ask('claude-sonnet-4-5');
    await f.user.api('PUT', '/v1/routing/config', { enabled: false, ...routing });
    const sent = f.mock.calls.at(-1);
    assert.equal(sent?.parsed?.model, 'claude-sonnet-4-5', 'a beta is offered per model');
    assert.equal(sent?.headers['anthropic-beta'], betas.join(','));
    assert.equal((sent?.body as Record<string, unknown> | undefined)?.anthropic_beta, undefined);

    await ask('openai/gpt-4o-mini');
    const other = f.mock.calls.at(-1);
    assert.equal(other?.provider, 'openai');
    assert.equal(other?.headers['anthropic-beta'], undefined);
    assert.equal((other?.body as Record<string, unknown> | undefined)?.anthropic_beta, undefined);
  });

  test("a malformed search result is a 400 in Anthropic's shape naming the field, never sent on (decision 162)", async () => {
    const result = {
      type: 'search_result',
      source: 'https://wiki.example.com/faq',
      title: 'FAQ',
      content: [{ type: 'text', text: 'Escalations go to the desk.' }],
    };
    const { source: _source, ...noSource } = result;
    const { content: _content, ...noContent } = result;
    const cases = [
      { block: noSource, inToolResult: true, field: /content\.0\.source:/ },
      { block: noContent, inToolResult: true, field: /content\.0\.content:/ },
      {
        block: { ...result, content: 'Escalations' },
        inToolResult: true,
        field: /content\.0\.content:/,
      },
      { block: noSource, inToolResult: false, field: /messages\.2\.content\.0\.source:/ },
    ];
    const calls = f.mock.calls.length;
    for (const { block, inToolResult, field } of cases) {
      const content = inToolResult
        ? [{ type: 'tool_result', tool_use_id: 't1', content: [block] }]
        : [block];
      const err = await f.anthropic.messages
        .create({
          model: claude,
          max_tokens: 50,
          messages: [
            { role: 'user', content: 'Search the wiki' },
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: 't1', name: 'search', input: {} }],
            },
            { role: 'user', content } as Anthropic.MessageParam,
          ],
        })
        .catch((e: unknown) => e);
      assert.ok(err instanceof Anthropic.BadRequestError, String(err));
      const body = err.error as { type?: string; error?: { type?: string; message?: string } };
      assert.equal(body.type, 'error');
      assert.equal(body.error?.type, 'invalid_request_error');
      assert.match(body.error?.message ?? '', field);
    }
    assert.equal(f.mock.calls.length, calls, 'nothing reached the provider');
  });

  test('the SDKs run in a browser: preflights pass their headers, answers are readable cross-origin', async () => {
    // Before: the preflight a browser sends first (x-stainless-*, anthropic-version, x-api-key are
    // not CORS-safelisted) got a 404 without CORS headers, so no browser call ever left.
    const origin = 'https://app.customer.example';
    const paths = ['/v1/chat/completions', '/v1/messages', '/v1/responses', '/v1/embeddings'];
    const asked =
      'authorization,content-type,x-stainless-os,x-stainless-retry-count,anthropic-version,x-api-key,anthropic-dangerous-direct-browser-access';
    for (const path of [...paths, '/v1/models', '/v1/models/openai%2Fgpt-4o-mini']) {
      const res = await fetch(`${f.server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': path.includes('models') ? 'GET' : 'POST',
          'access-control-request-headers': asked,
        },
      });
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(res.headers.get('access-control-allow-headers'), asked, path);
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/, path);
    }

    const browser = { origin };
    const openai = new OpenAI({
      apiKey: f.gatewayKey,
      baseURL: `${f.server.url}/v1`,
      dangerouslyAllowBrowser: true,
      defaultHeaders: browser,
    });
    const messages = [{ role: 'user' as const, content: 'from a web page' }];
    const plain = await openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages })
      .withResponse();
    const streamed = await openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages, stream: true })
      .withResponse();
    for await (const _ of streamed.data);
    const anthropic = new Anthropic({
      apiKey: f.gatewayKey,
      baseURL: f.server.url,
      dangerouslyAllowBrowser: true,
      defaultHeaders: browser,
    });
    const message = await anthropic.messages
      .create({ model: claude, max_tokens: 50, messages })
      .withResponse();
    const refused = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', authorization: 'Bearer tw_wrong' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages }),
    });
    assert.equal(refused.status, 401);
    for (const [what, headers] of [
      ['chat', plain.response.headers],
      ['streamed chat', streamed.response.headers],
      ['messages', message.response.headers],
      ['a refusal', refused.headers],
    ] as const) {
      assert.equal(headers.get('access-control-allow-origin'), '*', what);
      assert.match(headers.get('access-control-expose-headers') ?? '', /x-request-id/, what);
    }

    // The dashboard's API stays same-origin.
    const dashboard = await fetch(`${f.server.url}/v1/keys`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    assert.equal(dashboard.headers.get('access-control-allow-origin'), null);
  });

  test("the OpenAI SDK reads the provider's error code", async () => {
    const message = "This model's maximum context length is 128000 tokens.";
    f.mock.enqueue({ status: 400, errorMessage: message, errorCode: 'context_length_exceeded' });
    const tooLong = await f.openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'long' }] })
      .catch((e: unknown) => e);
    assert.ok(tooLong instanceof OpenAI.BadRequestError);
    assert.equal(tooLong.code, 'context_length_exceeded');

    for (let i = 0; i < 3; i++)
      f.mock.enqueue({ status: 429, errorMessage: 'quota', errorCode: 'insufficient_quota' });
    const broke = await f.openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'quota?' }] })
      .catch((e: unknown) => e);
    assert.ok(broke instanceof OpenAI.RateLimitError);
    assert.equal(broke.code, 'insufficient_quota', 'not retried forever as a rate limit');
  });

  test('an embeddings error names its request, as answers do', async () => {
    const model = 'text-embedding-3-small';
    const { response } = await f.openai.embeddings
      .create({ model, input: 'an id?' })
      .withResponse();
    assert.ok(response.headers.get('x-request-id'));
    f.mock.enqueue({ status: 400, errorMessage: 'bad input', errorCode: 'invalid_input' });
    const err = await f.openai.embeddings
      .create({ model, input: 'refused' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError);
    assert.ok(err.requestID, 'the SDK reads x-request-id from the error');
    const row = (await f.logs()).find((r) => r.id === err.requestID);
    assert.equal(row?.http_status, 400, 'the id is the logged request');
  });

  test('embeddings asked for as base64 come back as base64 of the same floats', async () => {
    const model = 'text-embedding-3-small';
    const input = 'whales sing in the deep';
    const floats = await f.openai.embeddings.create({ model, input, encoding_format: 'float' });
    const base64 = await f.openai.embeddings.create({ model, input, encoding_format: 'base64' });
    const encoded = base64.data[0]?.embedding as unknown;
    assert.equal(typeof encoded, 'string');
    const bytes = Buffer.from(encoded as string, 'base64');
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
    const expected = Array.from(Float32Array.from(floats.data[0]?.embedding ?? []));
    assert.deepEqual(decoded, expected);
    // The SDK's default asks for base64 and decodes it itself.
    const byDefault = await f.openai.embeddings.create({ model, input });
    assert.deepEqual(byDefault.data[0]?.embedding, expected);
  });

  test('embeddings of token ids, as LangChain sends them, reach OpenAI; Gemini says it needs text', async () => {
    const res = await f.openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: [[9906, 1917], [15339]],
    });
    assert.equal(res.data.length, 2);
    assert.deepEqual((f.mock.calls.at(-1)?.body as { input?: unknown } | undefined)?.input, [
      [9906, 1917],
      [15339],
    ]);
    assert.equal(res.usage.prompt_tokens > 0, true);
    const gemini = await f.openai.embeddings
      .create({ model: 'gemini/gemini-embedding-001', input: [9906, 1917] })
      .catch((e: unknown) => e);
    assert.ok(gemini instanceof OpenAI.BadRequestError);
    assert.match(gemini.message, /token/i);
  });

  test('the Anthropic SDK lists models with its own key header', async () => {
    const page = await f.anthropic.models.list();
    const ids = page.data.map((m) => m.id);
    assert.ok(ids.includes('anthropic/claude-sonnet-4-5'), ids.slice(0, 5).join());
    const model = page.data.find((m) => m.id === 'anthropic/claude-sonnet-4-5');
    assert.equal(model?.type, 'model');
    assert.equal(typeof model?.display_name, 'string');
    assert.equal(typeof model?.created_at, 'string');
    assert.equal(page.has_more, false);

    const stranger = new Anthropic({
      apiKey: 'tw_not-a-key',
      baseURL: f.server.url,
      maxRetries: 0,
    });
    const refused = await stranger.models.list().catch((e: unknown) => e);
    assert.ok(refused instanceof Anthropic.AuthenticationError);
    assert.equal(
      (refused.error as { error?: { type?: string } }).error?.type,
      'authentication_error',
    );
  });

  test('both SDKs retrieve one model, any chat serves; one chat refuses is a 404 in their own format', async () => {
    const gpt = await f.openai.models.retrieve('openai/gpt-4o-mini');
    assert.deepEqual([gpt.id, gpt.object, gpt.owned_by], ['openai/gpt-4o-mini', 'model', 'openai']);
    assert.equal((await f.openai.models.retrieve('gpt-4o-mini')).id, 'openai/gpt-4o-mini');
    // A name with no listed price is served by chat (decision 146), so it is found here too
    // (decision 148): before, a 404 told the caller a model it could use did not exist.
    const unpriced = await f.openai.models.retrieve('openai/gpt-9');
    assert.deepEqual([unpriced.id, unpriced.owned_by], ['openai/gpt-9', 'openai']);
    assert.equal((await f.anthropic.models.retrieve('claude-9')).id, 'anthropic/claude-9');
    const missing = await f.openai.models.retrieve('llama-9').catch((e: unknown) => e);
    assert.ok(missing instanceof OpenAI.NotFoundError);
    assert.equal(missing.code, 'model_not_found');
    assert.match(missing.message, /llama-9/);

    const sonnet = await f.anthropic.models.retrieve('claude-sonnet-4-5');
    assert.deepEqual([sonnet.id, sonnet.type], ['anthropic/claude-sonnet-4-5', 'model']);
    const gone = await f.anthropic.models.retrieve('gpt-6-tts').catch((e: unknown) => e);
    assert.ok(gone instanceof Anthropic.NotFoundError);
    assert.equal((gone.error as { error?: { type?: string } }).error?.type, 'not_found_error');
  });

  test("Anthropic's countTokens: Claude counts the prompt as the gateway would send it; other models are counted here", async () => {
    const rowsBefore = (await f.logs()).length;
    const calls = f.mock.calls.length;
    const { data, response } = await f.anthropic.messages
      .countTokens({
        model: claude,
        system: 'You are terse.',
        messages: [{ role: 'user', content: 'Write to jane.doe@example.com about the tides' }],
        tools: [{ name: 'tide_table', input_schema: { type: 'object', properties: {} } }],
      })
      .withResponse();
    assert.equal(response.headers.get('x-tokenwise-token-count'), 'provider');
    const sent = f.mock.calls.at(-1);
    assert.equal(sent?.path, '/anthropic/v1/messages/count_tokens');
    const body = JSON.stringify(sent?.body);
    assert.ok(!body.includes('jane.doe@example.com'), 'redaction applies to counting too');
    assert.deepEqual(Object.keys(sent?.body ?? {}).sort(), [
      'messages',
      'model',
      'system',
      'tools',
    ]);
    // The mock counts the text it was sent, as Anthropic does.
    assert.ok(data.input_tokens > 5 && data.input_tokens < 60, String(data.input_tokens));

    const gpt = await f.anthropic.messages
      .countTokens({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hello there, how are you today?' }],
      })
      .withResponse();
    assert.equal(gpt.response.headers.get('x-tokenwise-token-count'), 'gateway');
    assert.ok(
      gpt.data.input_tokens >= 8 && gpt.data.input_tokens < 30,
      String(gpt.data.input_tokens),
    );
    assert.equal(f.mock.calls.length, calls + 1, 'only Claude was asked');
    assert.equal((await f.logs()).length, rowsBefore, 'counting is not a logged request');

    const bad = new Anthropic({ apiKey: 'tw_not_a_key', baseURL: f.server.url, maxRetries: 0 });
    const refused = await bad.messages
      .countTokens({ model: claude, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    assert.ok(refused instanceof Anthropic.AuthenticationError);
  });

  test('an endpoint the gateway does not serve is a 404 each SDK reads, saying what is served', async () => {
    const moderations = await f.openai.moderations
      .create({ input: 'Say this is a test' })
      .catch((e: unknown) => e);
    assert.ok(moderations instanceof OpenAI.NotFoundError);
    assert.equal(moderations.code, 'unknown_url');
    assert.match(
      moderations.message,
      /^404 Unknown endpoint POST \/v1\/moderations: the gateway serves POST \/v1\/chat\/completions, POST \/v1\/completions, POST \/v1\/responses, POST \/v1\/messages, POST \/v1\/messages\/count_tokens/,
    );
    const batches = await f.anthropic.messages.batches.list().catch((e: unknown) => e);
    assert.ok(batches instanceof Anthropic.NotFoundError);
    const error = (batches.error as { error?: { type?: string; message?: string } }).error;
    assert.equal(error?.type, 'not_found_error');
    assert.match(error?.message ?? '', /^Unknown endpoint GET \/v1\/messages\/batches: /);
    // The dashboard's own calls keep the dashboard's shape.
    const dashboard = await f.user.api('GET', '/v1/no-such-screen');
    assert.equal(dashboard.status, 404);
    assert.deepEqual(dashboard.body, {
      error: 'not_found',
      message: 'Route GET /v1/no-such-screen not found',
    });
  });

  test('n choices come back n times, streamed or not, the second time too', async () => {
    const messages = [{ role: 'user' as const, content: 'Two taglines for a bakery, please' }];
    const model = 'openai/gpt-4o-mini';
    for (let round = 0; round < 2; round++) {
      const stream = await f.openai.chat.completions.create({
        model,
        messages,
        n: 2,
        stream: true,
      });
      const texts = ['', ''];
      for await (const chunk of stream) {
        for (const c of chunk.choices) texts[c.index] += c.delta.content ?? '';
      }
      assert.ok(
        texts.every((t) => /bakery/.test(t)),
        `streamed, round ${round}: ${texts}`,
      );
      const whole = await f.openai.chat.completions.create({ model, messages, n: 2 });
      assert.equal(whole.choices.length, 2, `whole, round ${round}`);
    }
    // Claude writes one choice per request: n: 2 is a 400 saying so, not one choice of two.
    const calls = f.mock.calls.length;
    for (const stream of [false, true]) {
      const refused = await f.openai.chat.completions
        .create({ model: 'anthropic/claude-haiku-4-5', messages, n: 2, stream })
        .catch((e: unknown) => e);
      assert.ok(refused instanceof OpenAI.BadRequestError, String(refused));
      assert.match(refused.message, /n must be 1/);
    }
    assert.equal(f.mock.calls.length, calls, 'nothing reached Anthropic');
  });

  test('logprobs come back every time they are asked for, streamed or not', async () => {
    const messages = [{ role: 'user' as const, content: 'One word for the colour of the sea' }];
    const model = 'openai/gpt-4o-mini';
    for (let round = 0; round < 2; round++) {
      const stream = await f.openai.chat.completions.create({
        model,
        messages,
        logprobs: true,
        stream: true,
      });
      let tokens = 0;
      for await (const chunk of stream) tokens += chunk.choices[0]?.logprobs?.content?.length ?? 0;
      assert.ok(tokens > 0, `streamed, round ${round}`);
      const whole = await f.openai.chat.completions.create({ model, messages, logprobs: true });
      assert.ok((whole.choices[0]?.logprobs?.content?.length ?? 0) > 0, `whole, round ${round}`);
    }
  });

  // Claude streams a call without arguments as one empty input_json_delta. Before, OpenAI-format
  // callers got arguments '' (a plain answer gave '{}'), which JSON.parse and runTools refuse.
  test("a streamed Claude tool call without arguments has '{}' for arguments, as OpenAI's has", async () => {
    const model = 'anthropic/claude-haiku-4-5';
    const parameters = { type: 'object', properties: {} };
    const messages = [{ role: 'user' as const, content: 'What time is it now?' }];
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    const call = { name: 'current_time', arguments: {} };

    f.mock.enqueue({ toolCall: call });
    const chat = await f.openai.chat.completions
      .stream(
        {
          model,
          messages,
          tools: [{ type: 'function', function: { name: call.name, parameters } }],
        },
        headers,
      )
      .finalChatCompletion();
    assert.equal(chat.choices[0]?.message.tool_calls?.[0]?.function.arguments, '{}');

    f.mock.enqueue({ toolCall: call });
    const tools = [{ type: 'function' as const, name: call.name, parameters, strict: false }];
    const response = await f.openai.responses
      .stream({ model, input: 'What time is it now?', tools }, headers)
      .finalResponse();
    const item = response.output.find((o) => o.type === 'function_call');
    assert.equal(item?.type === 'function_call' && item.arguments, '{}');

    f.mock.enqueue({ toolCall: call });
    const claude = await f.anthropic.messages
      .stream(
        {
          model,
          max_tokens: 100,
          messages,
          tools: [{ name: call.name, input_schema: { type: 'object', properties: {} } }],
        },
        headers,
      )
      .finalMessage();
    const use = claude.content.find((b) => b.type === 'tool_use');
    assert.deepEqual(use?.type === 'tool_use' && use.input, {});
  });
});
