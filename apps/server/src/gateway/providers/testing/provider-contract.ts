import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type ChatCompletionChunk,
  type ChatCompletionRequest,
  type ChatMessage,
  type ChunkBatches,
  GatewayError,
  type ProviderId,
  type UpstreamTarget,
} from '../../types.ts';
import { sendChat, type UpstreamOptions } from '../../upstream/client.ts';
import { useMockUpstream } from '../../upstream/testing/use-mock-upstream.ts';
import { getProvider } from '../registry.ts';

const WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
};

// A 1×1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function collect(batches: ChunkBatches): Promise<ChatCompletionChunk[]> {
  const out: ChatCompletionChunk[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

const textOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');

/**
 * The behaviour every provider must show through `sendChat` against the mock over real HTTP:
 * translation both ways, streaming, tools, images, and the error and retry rules.
 */
export function describeProviderContract(id: ProviderId): void {
  describe(`${id}: chat through sendChat against the mock provider`, () => {
    const mock = useMockUpstream();
    const adapter = getProvider(id);
    const target = (over: Partial<UpstreamTarget> = {}): UpstreamTarget => ({
      provider: id,
      model: 'mock-model',
      apiKey: 'test-key',
      baseUrl: mock.baseUrls[id],
      ...over,
    });
    // Far above any answer's time on a loaded machine (a 2 s budget once ran out at a load of 20):
    // a test about the timeout sets its own.
    const options: UpstreamOptions = { timeoutMs: 15_000, maxRetries: 2, retryBaseDelayMs: 1 };
    const chat = (req: ChatCompletionRequest, over: Partial<UpstreamOptions> = {}, t = target()) =>
      sendChat(adapter, req, t, 'chatcmpl-test', { ...options, ...over });
    const ask = (content: string, extra: Partial<ChatCompletionRequest> = {}) =>
      chat({ model: 'caller-alias', messages: [{ role: 'user', content }], ...extra });
    const streamed = async (req: ChatCompletionRequest) => {
      const result = await chat({ ...req, stream: true });
      assert.equal(result.kind, 'stream');
      if (result.kind !== 'stream') throw new Error('unreachable');
      return { result, chunks: await collect(result.chunks) };
    };

    test('answer: reply, reported model, usage and finish reason in OpenAI shape', async () => {
      mock.enqueue({ reportModel: 'mock-model-2025-01-01', usage: { input: 11, output: 7 } }, id);
      const result = await chat({
        model: 'caller-alias',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
      });
      assert.equal(result.kind, 'response');
      if (result.kind !== 'response') return;
      const { response } = result;
      assert.equal(response.id, 'chatcmpl-test');
      assert.equal(response.object, 'chat.completion');
      assert.equal(response.choices[0]?.message.content, 'Echo: What is the capital of France?');
      assert.equal(response.choices[0]?.finish_reason, 'stop');
      assert.equal(response.model, 'mock-model-2025-01-01');
      assert.deepEqual(
        { ...response.usage },
        { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
      );
      const received = mock.calls[0]?.parsed;
      assert.equal(received?.model, 'mock-model', 'the provider model, not the caller alias');
      assert.equal(received?.system, 'Be brief.');
      assert.equal(received?.stream, false);
    });

    test('stream: text over several chunks, then one usage chunk', async () => {
      mock.enqueue({ usage: { input: 9, output: 4 } }, id);
      const { result, chunks } = await streamed({
        model: 'caller-alias',
        messages: [{ role: 'user', content: 'Tell me a story about dragons' }],
      });
      assert.equal(textOf(chunks), 'Echo: Tell me a story about dragons');
      assert.ok(chunks.filter((c) => c.choices[0]?.delta.content).length > 2, 'split by words');
      assert.ok(
        chunks.every((c) => c.id === 'chatcmpl-test' && c.object === 'chat.completion.chunk'),
      );
      assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'stop'));
      const withUsage = chunks.filter((c) => c.usage);
      assert.equal(withUsage.length, 1);
      assert.equal(chunks.at(-1), withUsage[0], 'usage comes last');
      assert.deepEqual(withUsage[0]?.choices, []);
      const usage = { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 };
      assert.deepEqual({ ...withUsage[0]?.usage }, usage);
      assert.deepEqual({ ...result.translator.usage() }, usage);
      assert.equal(result.translator.completed(), true);
      assert.equal(mock.calls[0]?.parsed?.stream, true);
    });

    test('stream without provider usage: no usage chunk and usage() is undefined', async () => {
      mock.enqueue({ omitStreamUsage: true }, id);
      const { result, chunks } = await streamed({
        model: 'caller-alias',
        messages: [{ role: 'user', content: 'quiet please' }],
      });
      assert.equal(textOf(chunks), 'Echo: quiet please');
      assert.ok(chunks.every((c) => !c.usage));
      assert.equal(result.translator.usage(), undefined);
    });

    test('tools: the provider tool call comes back as tool_calls', async () => {
      mock.enqueue({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } }, id);
      const result = await ask('Weather in Paris?', { tools: [WEATHER_TOOL] });
      assert.equal(result.kind, 'response');
      if (result.kind !== 'response') return;
      const choice = result.response.choices[0];
      assert.equal(choice?.finish_reason, 'tool_calls');
      const call = choice?.message.tool_calls?.[0];
      assert.equal(call?.function.name, 'get_weather');
      assert.deepEqual(JSON.parse(call?.function.arguments ?? ''), { city: 'Paris' });
      assert.ok(call?.id, 'a tool call id the caller can answer');
      assert.deepEqual(mock.calls[0]?.parsed?.toolNames, ['get_weather']);
    });

    test('tools streamed: the arguments reassemble into the call', async () => {
      mock.enqueue({ toolCall: { name: 'get_weather', arguments: { city: 'Oslo', days: 3 } } }, id);
      const { chunks } = await streamed({
        model: 'caller-alias',
        messages: [{ role: 'user', content: 'Weather in Oslo?' }],
        tools: [WEATHER_TOOL],
      });
      const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
      assert.equal(deltas[0]?.function?.name, 'get_weather');
      assert.ok(deltas[0]?.id);
      assert.ok(deltas.every((d) => d.index === 0));
      const args = deltas.map((d) => d.function?.arguments ?? '').join('');
      assert.deepEqual(JSON.parse(args), { city: 'Oslo', days: 3 });
      assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'tool_calls'));
    });

    test('tool results travel back to the provider in its own format', async () => {
      const result = await chat({
        model: 'caller-alias',
        tools: [WEATHER_TOOL],
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_abc123',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_abc123', content: '{"temp_c":21}' },
        ],
      });
      assert.equal(result.kind, 'response');
      if (result.kind !== 'response') return;
      assert.match(result.response.choices[0]?.message.content ?? '', /temp_c.*21/);
      assert.match(mock.calls[0]?.parsed?.allText ?? '', /Paris/, 'the earlier call is sent too');
    });

    test('a legacy function answer travels as the provider’s tool result, paired with its call', async () => {
      const legacy: ChatMessage[] = [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        },
        { role: 'function', name: 'get_weather', content: '{"temp_c":21}' },
      ];
      const result = await chat({ model: 'caller-alias', messages: legacy });
      assert.equal(result.kind, 'response');
      const body = mock.calls[0]?.body ?? {};
      const sent = JSON.stringify(body);
      if (id === 'anthropic') {
        const { messages } = body as {
          messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
        };
        const use = messages[1]?.content.find((b) => b.type === 'tool_use');
        const answer = messages[2]?.content.find((b) => b.type === 'tool_result');
        assert.deepEqual([use?.name, use?.input], ['get_weather', { city: 'Paris' }]);
        assert.ok(use?.id && answer?.tool_use_id === use.id, sent);
        assert.equal(answer?.content, '{"temp_c":21}');
      } else if (id === 'gemini') {
        const { contents } = body as {
          contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
        };
        assert.deepEqual(contents[1]?.parts, [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
        ]);
        assert.deepEqual(contents[2]?.parts, [
          { functionResponse: { name: 'get_weather', response: { temp_c: 21 } } },
        ]);
      } else if (id === 'mistral') {
        // Mistral has neither `function_call` nor a `function` role (decision 147).
        const { messages } = body as { messages: Array<Record<string, unknown>> };
        const call = (messages[1]?.tool_calls as Array<{ id: string }> | undefined)?.[0];
        assert.equal(messages[1]?.function_call, undefined, sent);
        assert.deepEqual([messages[2]?.role, messages[2]?.tool_call_id], ['tool', call?.id]);
      } else {
        // OpenAI-format providers take the legacy form as it was written.
        assert.match(sent, /"role":"function"/);
      }
      if (id !== 'anthropic' && id !== 'gemini' && id !== 'mistral') return;
      // An answer to no call cannot be paired: a 400 saying so, the provider not asked.
      mock.reset();
      await assert.rejects(
        chat({ model: 'caller-alias', messages: [legacy[0], legacy[2]] as ChatMessage[] }),
        (err) =>
          err instanceof GatewayError &&
          err.status === 400 &&
          /messages\[1\].*"function".*get_weather/.test(err.message),
      );
      assert.equal(mock.calls.length, 0);
    });

    test('images in content parts reach the provider as images', async () => {
      const photo = 'https://example.com/cat.png';
      await ask('', {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in these?' },
              { type: 'image_url', image_url: { url: PNG } },
              { type: 'image_url', image_url: { url: photo } },
            ],
          },
        ],
      });
      assert.deepEqual(mock.calls[0]?.parsed?.images, [PNG, photo]);
      assert.equal(mock.calls[0]?.parsed?.lastUserText, 'What is in these?');
    });

    test('429 then success: retried, the caller gets the answer', async () => {
      mock.enqueue({ status: 429, errorMessage: 'Slow down' }, id);
      const result = await ask('retry me');
      assert.equal(result.attempts, 2);
      assert.equal(mock.callCount(id), 2);
      assert.equal(
        result.kind === 'response' && result.response.choices[0]?.message.content,
        'Echo: retry me',
      );
    });

    test('500 on every attempt: the provider status and message, after all retries', async () => {
      for (let i = 0; i < 3; i++)
        mock.enqueue({ status: 500, errorMessage: 'Upstream exploded' }, id);
      await assert.rejects(ask('fail'), (err: unknown) => {
        assert.ok(err instanceof GatewayError);
        assert.equal(err.status, 500);
        assert.equal(err.type, 'api_error');
        assert.match(err.message, /Upstream exploded/);
        return true;
      });
      assert.equal(mock.callCount(id), 3, 'one try and two retries');
    });

    test('missing key: the provider 401 arrives at once, not retried', async () => {
      await assert.rejects(
        chat(
          { model: 'x', messages: [{ role: 'user', content: 'hi' }] },
          {},
          target({ apiKey: '' }),
        ),
        (err: unknown) =>
          err instanceof GatewayError && err.status === 401 && err.type === 'authentication_error',
      );
      assert.equal(mock.callCount(id), 1);
    });

    test('no answer within the timeout: 504, not retried', async () => {
      // The mock would answer long after the deadline; the deadline is long enough for the call
      // to reach it at a load of 20 (at 100 ms it once did not, and the count read 0).
      mock.enqueue({ latencyMs: 30_000 }, id);
      const slow = chat(
        { model: 'x', messages: [{ role: 'user', content: 'slow' }] },
        { timeoutMs: 1_000 },
      );
      await assert.rejects(
        slow,
        (err: unknown) =>
          err instanceof GatewayError && err.status === 504 && /timed out/.test(err.message),
      );
      assert.equal(mock.callCount(id), 1);
    });

    test('stream cut after the first chunks: the iterator throws 502, no retry', async () => {
      // Five events hold text for every dialect (Anthropic's first three carry none).
      mock.enqueue({ cutStreamAfterChunks: 5, reply: 'one two three four five six seven' }, id);
      const result = await chat({
        model: 'x',
        stream: true,
        messages: [{ role: 'user', content: 'cut' }],
      });
      assert.equal(result.kind, 'stream');
      if (result.kind !== 'stream') return;
      await assert.rejects(collect(result.chunks), (err: unknown) => {
        assert.ok(err instanceof GatewayError);
        assert.equal(err.status, 502);
        assert.match(err.message, /ended unexpectedly/);
        return true;
      });
      assert.equal(result.translator.completed(), false);
      assert.equal(mock.callCount(id), 1);
    });

    test('stream cut before its first chunk: retried, since the caller saw nothing', async () => {
      mock.enqueue({ cutStreamAfterChunks: 0 }, id);
      const { result, chunks } = await streamed({
        model: 'x',
        messages: [{ role: 'user', content: 'second time lucky' }],
      });
      assert.equal(result.attempts, 2);
      assert.equal(textOf(chunks), 'Echo: second time lucky');
    });
  });
}
