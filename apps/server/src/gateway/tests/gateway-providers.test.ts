import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, resolveModel } from '@tokenwise/pricing';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const MODELS = [
  { provider: 'openai', model: 'openai/gpt-4o-mini' },
  { provider: 'anthropic', model: 'claude-3-5-haiku-latest' },
  { provider: 'gemini', model: 'gemini-2.0-flash' },
  { provider: 'mistral', model: 'mistral-small-latest' },
  { provider: 'groq', model: 'groq/llama-3.1-8b-instant' },
] as const;

describe('gateway through the openai SDK, every provider', () => {
  const f = useGatewayFixture();

  for (const { provider, model } of MODELS) {
    test(`${provider}: non-streaming answer, headers, log row and usage`, async () => {
      f.mock.reset();
      const { data, response } = await f.openai.chat.completions
        .create({
          model,
          messages: [{ role: 'user', content: `Hello ${provider}, what is two plus two?` }],
        })
        .withResponse();
      assert.match(data.choices[0]?.message.content ?? '', new RegExp(`Hello ${provider}`));
      assert.equal(
        f.mock.callCount(provider),
        1,
        'exactly one upstream call to the right provider',
      );
      // Each provider's own auth header carries the account's stored key.
      const headers = f.mock.calls[0]?.headers ?? {};
      const sentKey = headers.authorization ?? headers['x-api-key'] ?? headers['x-goog-api-key'];
      const bearer = provider !== 'anthropic' && provider !== 'gemini';
      assert.equal(sentKey, bearer ? `Bearer ${provider}-secret-key` : `${provider}-secret-key`);
      const requestId = response.headers.get('x-request-id');
      assert.ok(requestId);
      assert.equal(response.headers.get('x-cache'), 'MISS');
      assert.ok(data.usage && data.usage.prompt_tokens > 0 && data.usage.completion_tokens > 0);

      const row = (await f.logs()).find((r) => r.id === requestId);
      assert.ok(row, 'a log row with the x-request-id');
      assert.equal(row.status, 'success');
      assert.equal(row.provider, provider);
      assert.equal(row.tokens_in, data.usage?.prompt_tokens);
      assert.equal(row.tokens_out, data.usage?.completion_tokens);
      assert.ok(row.actual_cost > 0, 'cost comes from the catalog prices');
      assert.match(row.original_text ?? '', new RegExp(`user: Hello ${provider}`));
    });

    test(`${provider}: streaming answer arrives in chunks and is logged`, async () => {
      f.mock.reset();
      const stream = await f.openai.chat.completions.create({
        model,
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: `Stream for ${provider} friend` }],
      });
      let text = '';
      let chunks = 0;
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      for await (const chunk of stream) {
        chunks += 1;
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      assert.match(text, new RegExp(`${provider} friend`));
      assert.ok(chunks > 2, 'more than one content chunk');
      assert.ok(usage && usage.prompt_tokens > 0, 'include_usage honoured');
      const row = (await f.logs())[0];
      assert.equal(row?.status, 'success');
      assert.equal(row?.is_stream, 1);
      assert.equal(row?.tokens_out, usage?.completion_tokens);
    });
  }

  for (const stream of [false, true]) {
    test(`gemini: prompt tokens read from its context cache are priced as cache reads (stream: ${stream})`, async () => {
      // Gemini 2.5 caches repeated prompt prefixes by itself and reports them in usageMetadata's
      // cachedContentTokenCount, billed at a quarter of the input price (a tenth for 2.5 Flash).
      f.mock.reset();
      f.mock.enqueue(
        { usage: { input: 2_000, output: 50 }, cacheTokens: { read: 1_500 } },
        'gemini',
      );
      const model = 'gemini/gemini-2.5-flash';
      const messages = [
        { role: 'user' as const, content: `Cached prefix question, stream ${stream}` },
      ];
      let usage: { prompt_tokens_details?: { cached_tokens?: number } } | undefined | null;
      let requestId: string | null;
      if (stream) {
        const { data, response } = await f.openai.chat.completions
          .create({ model, messages, stream: true, stream_options: { include_usage: true } })
          .withResponse();
        requestId = response.headers.get('x-request-id');
        for await (const chunk of data) if (chunk.usage) usage = chunk.usage;
      } else {
        const { data, response } = await f.openai.chat.completions
          .create({ model, messages })
          .withResponse();
        requestId = response.headers.get('x-request-id');
        usage = data.usage;
      }
      assert.equal(usage?.prompt_tokens_details?.cached_tokens, 1_500, 'as OpenAI reports it');
      const row = (await f.logs()).find((r) => r.id === requestId);
      assert.ok(row);
      const info = resolveModel(model);
      assert.ok(info);
      const billed = costOf(info, { inputTokens: 2_000, outputTokens: 50, cacheReadTokens: 1_500 });
      assert.equal(row.tokens_in, 2_000);
      assert.ok(
        Math.abs(row.actual_cost - billed) < 1e-12,
        `actual_cost ${row.actual_cost}, billed ${billed}`,
      );
    });
  }

  test('a stream without include_usage carries no usage chunk', async () => {
    const stream = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'no usage please' }],
    });
    for await (const chunk of stream) {
      assert.ok(chunk.choices.length > 0);
      assert.equal(chunk.usage ?? null, null);
    }
  });

  test('tools: the upstream tool call reaches the caller as tool_calls', async () => {
    for (const { provider, model } of MODELS) {
      f.mock.enqueue({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } }, provider);
      const res = await f.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
      });
      const call = res.choices[0]?.message.tool_calls?.[0];
      assert.equal(
        call?.type === 'function' ? call.function.name : undefined,
        'get_weather',
        provider,
      );
      assert.deepEqual(JSON.parse(call?.type === 'function' ? call.function.arguments : '{}'), {
        city: 'Paris',
      });
      assert.equal(res.choices[0]?.finish_reason, 'tool_calls');
    }
  });

  test('images in content parts are passed through', async () => {
    f.mock.reset();
    const image =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: image } },
          ],
        },
      ],
    });
    assert.match(JSON.stringify(f.mock.calls[0]?.body), /iVBORw0KGgo/);
  });

  test('keys record their last use, in batches', async () => {
    await f.server.app.gateway.apiKeys.flushLastUsed();
    await f.server.app.gateway.providerKeys.flushLastUsed();
    const [key] = (await f.user.api('GET', '/v1/keys')).body;
    assert.ok(key.last_used, 'the gateway key shows when it was last used');
    const providerKeys = (await f.user.api('GET', '/v1/provider-keys')).body as {
      provider: string;
      last_used_at: string | null;
    }[];
    assert.ok(providerKeys.find((k) => k.provider === 'openai')?.last_used_at);
  });

  test('GET /v1/models lists the catalog for providers with keys', async () => {
    const models = await f.openai.models.list();
    const ids = models.data.map((m) => m.id);
    assert.ok(ids.includes('openai/gpt-4o-mini'));
    assert.ok(ids.some((id) => id.startsWith('anthropic/')));
  });

  test('POST /v1/embeddings passes through', async () => {
    const res = await f.openai.embeddings.create({
      model: 'openai/text-embedding-3-small',
      input: ['a', 'b'],
    });
    assert.equal(res.data.length, 2);
    assert.ok((res.data[0]?.embedding.length ?? 0) > 0);
  });

  test('a legacy function answer reaches Claude and Gemini as a tool result; one answering no call is a 400', async () => {
    const messages = [
      { role: 'user' as const, content: 'Weather in Paris?' },
      {
        role: 'assistant' as const,
        content: null,
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      { role: 'function' as const, name: 'get_weather', content: '{"temp_c":21}' },
    ];
    for (const model of ['claude-3-5-haiku-latest', 'gemini-2.0-flash']) {
      f.mock.reset();
      await f.openai.chat.completions.create({ model, messages });
      const sent = JSON.stringify(f.mock.calls[0]?.body);
      const paired =
        model === 'gemini-2.0-flash'
          ? /"functionResponse":\{"name":"get_weather","response":\{"temp_c":21\}\}/
          : /"tool_use","id":"(call_legacy_1)".*"tool_result","tool_use_id":"\1"/;
      assert.match(sent, paired, model);

      f.mock.reset();
      const refused = await f.openai.chat.completions
        .create({ model, messages: [messages[0], messages[2]] as typeof messages })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      assert.ok(refused instanceof Error && 'status' in refused, model);
      assert.equal(refused.status, 400, model);
      assert.match(refused.message, /messages\[1\].*"get_weather"/, model);
      assert.equal(f.mock.callCount(), 0, model);
    }
  });
});
