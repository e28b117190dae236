import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MockBehaviour } from '../../mock-upstream/server.ts';
import { streamedRefusal } from './openai-refusal-stream.ts';
import {
  type Caller,
  type CallOutcome,
  callGateway,
  EVERY_CALLER,
  isStream,
} from './upstream-callers.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const CLAUDE = 'claude-3-5-haiku-latest';
const GPT = 'openai/gpt-4o-mini';
const BYPASS = { 'x-tokenwise-cache': 'bypass' };

/**
 * Answers a provider sends that are not plain failures — an error event once the stream has
 * opened, an empty answer, an answer without usage — through every official SDK caller: what the
 * caller gets, what the request log says, and what the cache keeps.
 */
describe('odd answers from the provider, as each SDK caller sees them', () => {
  const f = useGatewayFixture({ UPSTREAM_TIMEOUT_MS: '2000', UPSTREAM_MAX_RETRIES: '2' });

  async function send(
    caller: Caller,
    model: string,
    content: string,
    attempts: MockBehaviour[],
    headers: Record<string, string> = BYPASS,
  ): Promise<CallOutcome> {
    f.mock.reset();
    const provider = model === CLAUDE ? 'anthropic' : 'openai';
    for (const behaviour of attempts) f.mock.enqueue(behaviour, provider);
    return callGateway(f, caller, content, { model, headers });
  }

  test('a provider error event before any text (Claude overloaded right after message_start): retried, the caller gets the answer', async () => {
    const early: Array<[string, MockBehaviour]> = [
      // message_start, then the error: Anthropic's usual form of 529 on a stream.
      [CLAUDE, { status: 529, streamErrorAfterChunks: 1 }],
      // message_start, ping, content_block_start (an empty text block), then the error.
      [CLAUDE, { status: 529, streamErrorAfterChunks: 3 }],
      // OpenAI's opening chunk (role, empty content), then the error.
      [GPT, { status: 500, streamErrorAfterChunks: 1 }],
    ];
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const [model, fault] of early) {
        const label = `${caller} ${model} ${JSON.stringify(fault)}`;
        const outcome = await send(caller, model, `early error ${label}`, [fault, {}]);
        assert.ok(outcome.ok, `${label}: ${outcome.ok ? '' : outcome.error.message}`);
        assert.match(outcome.text, /^Echo: early error/, label);
        assert.equal(f.mock.callCount(), 2, `${label}: one retry`);
        const [row] = await f.logs();
        assert.deepEqual([row?.status, row?.http_status], ['success', 200], label);
      }
    }
  });

  test('an error event after text went out is still the caller’s error, not retried', async () => {
    for (const caller of EVERY_CALLER.filter(isStream)) {
      const outcome = await send(caller, CLAUDE, 'late error', [
        { status: 529, streamErrorAfterChunks: 5, reply: 'one two three four five six' },
        {},
      ]);
      assert.ok(!outcome.ok, caller);
      assert.match(outcome.error.message, /Overloaded/, caller);
      assert.equal(f.mock.callCount(), 1, `${caller}: not retried once text was relayed`);
    }
  });

  test('an empty answer is passed on, and never served from the cache', async () => {
    for (const caller of EVERY_CALLER) {
      for (const [model, empty] of [
        [CLAUDE, ''],
        [GPT, ''],
        [CLAUDE, '\n\n'],
      ] as const) {
        const label = `${caller} ${model} ${JSON.stringify(empty)}`;
        const content = `an empty answer for ${label}`;
        // refresh: stored as any answer would be, but not read (another caller's entry is close).
        const first = await send(caller, model, content, [{ reply: empty }], {
          'x-tokenwise-cache': 'refresh',
        });
        assert.ok(first.ok, label);
        assert.equal(first.text.trim(), '', label);
        await f.server.app.gateway.cache.settled();
        // no-store: read the cache, keep nothing from this round.
        const again = await send(caller, model, content, [], { 'x-tokenwise-cache': 'no-store' });
        assert.ok(again.ok, label);
        assert.match(again.text, /^Echo: .*empty answer for/, `${label}: asked the provider again`);
        assert.equal(f.mock.callCount(), 1, label);
        assert.equal((await f.logs())[0]?.cache_status, 'miss', label);
      }
    }
  });

  test('a tool call without text is still cached (control for the empty-answer rule)', async () => {
    const body = {
      model: GPT,
      messages: [{ role: 'user', content: 'weather in Oslo, as a tool call' }],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
    };
    const post = () =>
      fetch(`${f.server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
        body: JSON.stringify(body),
      });
    f.mock.reset();
    f.mock.enqueue({ toolCall: { name: 'weather', arguments: { city: 'Oslo' } } }, 'openai');
    assert.equal((await post()).headers.get('x-cache'), 'MISS');
    await f.server.app.gateway.cache.settled();
    assert.equal((await post()).headers.get('x-cache'), 'HIT');
  });

  test('a 200 whose body is the provider’s error object: the caller gets that error, the row says error', async () => {
    const errorBodies: Array<[string, unknown, number, RegExp]> = [
      [
        CLAUDE,
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        529,
        /Overloaded/,
      ],
      [
        GPT,
        { error: { message: 'The upstream model is unavailable', type: 'server_error' } },
        502,
        /The upstream model is unavailable/,
      ],
    ];
    for (const caller of EVERY_CALLER.filter((c) => !isStream(c))) {
      for (const [model, json, status, message] of errorBodies) {
        const label = `${caller} ${model}`;
        // Overloaded every time: retried (decision 091), then that error.
        const attempts = Array(3).fill({ raw: { json } });
        const outcome = await send(caller, model, `error body ${label}`, attempts);
        assert.ok(!outcome.ok, `${label}: got "${outcome.ok && outcome.text}"`);
        // OpenAI-format callers get Anthropic's 529 as OpenAI's 503 (decision 091).
        const seen = status === 529 && caller !== 'anthropic' ? 503 : status;
        assert.equal(outcome.error.status, seen, label);
        assert.match(outcome.error.message, message, label);
        const [row] = await f.logs();
        assert.deepEqual([row?.status, row?.http_status, row?.actual_cost], ['error', status, 0]);
      }
    }
  });

  test('a stream event whose tool call deltas are not objects: a 502 naming the provider, not a gateway failure', async () => {
    const chunk = (delta: unknown, finish: string | null = null) => ({
      data: {
        id: 'c',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, finish_reason: finish }],
      },
    });
    const events = [
      chunk({ role: 'assistant', content: 'Checking' }),
      chunk({ tool_calls: [null, 5] }),
      chunk({}, 'tool_calls'),
      { data: '[DONE]' },
    ];
    for (const caller of EVERY_CALLER.filter(isStream)) {
      const outcome = await send(caller, GPT, `garbled tool call ${caller}`, [{ raw: { events } }]);
      assert.ok(!outcome.ok, caller);
      assert.match(outcome.error.message, /OpenAI sent a stream event the gateway cannot read/);
      const [row] = await f.logs();
      assert.deepEqual([row?.http_status, row?.error_message], [502, outcome.error.message]);
    }
  });

  test('a plain answer with malformed tool calls or content blocks: a 502 naming the provider, not retried', async () => {
    const openAiAnswer = (message: unknown) => ({
      id: 'c',
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    });
    const garbled: Array<[string, unknown, RegExp]> = [
      [GPT, openAiAnswer({ content: null, tool_calls: [null, 5] }), /OpenAI sent an answer/],
      [GPT, openAiAnswer({ content: 'x', tool_calls: { a: 1 } }), /OpenAI sent an answer/],
      [GPT, openAiAnswer({ content: null, tool_calls: [{ id: 'a' }] }), /OpenAI sent an answer/],
      [
        CLAUDE,
        { type: 'message', content: [null, 5], stop_reason: 'end_turn', usage: {} },
        /Anthropic sent an answer/,
      ],
    ];
    for (const caller of EVERY_CALLER.filter((c) => !isStream(c))) {
      for (const [model, json, message] of garbled) {
        const label = `${caller} ${JSON.stringify(json).slice(0, 90)}`;
        const outcome = await send(caller, model, `garbled ${label}`, [{ raw: { json } }, {}]);
        assert.ok(!outcome.ok, label);
        assert.equal(outcome.error.status, 502, label);
        assert.match(outcome.error.message, message, label);
        assert.match(outcome.error.message, /the gateway cannot read/, label);
        assert.equal(f.mock.callCount(), 1, `${label}: not retried`);
        const [row] = await f.logs();
        assert.deepEqual([row?.http_status, row?.actual_cost], [502, 0], label);
      }
    }
  });

  test('a plain answer without usage: the row counts its tokens and cost, as for a stream', async () => {
    const withoutUsage: Array<[string, unknown]> = [
      [GPT, gptAnswer('an answer without usage')],
      [CLAUDE, claudeAnswer(CLAUDE, 'an answer without usage')],
    ];
    for (const caller of EVERY_CALLER.filter((c) => !isStream(c))) {
      for (const [model, json] of withoutUsage) {
        const label = `${caller} ${model}`;
        const outcome = await send(caller, model, `no usage ${label}`, [{ raw: { json } }]);
        assert.ok(outcome.ok, label);
        assert.equal(outcome.text, 'an answer without usage', label);
        const [row] = await f.logs();
        assert.equal(row?.status, 'success', label);
        assert.ok((row?.tokens_in ?? 0) > 0, `${label}: prompt tokens counted`);
        assert.ok((row?.tokens_out ?? 0) > 0, `${label}: answer tokens counted`);
        assert.ok((row?.actual_cost ?? 0) > 0, `${label}: priced`);
      }
    }
  });

  test('a 200 whose body says the provider is overloaded is retried like a 529; other error bodies are not', async () => {
    const overloaded = {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    };
    const unplaced = { error: { message: 'The upstream model is unavailable' } };
    for (const caller of EVERY_CALLER) {
      const once = await send(caller, CLAUDE, `overloaded body once ${caller}`, [
        { raw: { json: overloaded } },
        {},
      ]);
      assert.ok(once.ok, `${caller}: ${once.ok ? '' : once.error.message}`);
      assert.match(once.text, /^Echo: overloaded body once/, caller);
      assert.equal(f.mock.callCount(), 2, `${caller}: one retry`);
      const [row] = await f.logs();
      assert.deepEqual([row?.status, row?.http_status], ['success', 200], caller);

      const never = await send(caller, GPT, `unplaced body ${caller}`, [
        { raw: { json: unplaced } },
        {},
      ]);
      assert.ok(!never.ok, caller);
      assert.equal(
        f.mock.callCount(),
        1,
        `${caller}: an error body of no known kind is not retried`,
      );
    }
  });

  test('an OpenAI-style 200 error body whose code is an HTTP status: the caller gets that status, retried as it would be', async () => {
    const bodies: Array<[string, unknown, number, number]> = [
      // OpenRouter's form: the status as a number. A 429 is retried, then passed on.
      ['numeric 429', { error: { message: 'Rate limited upstream', code: 429 } }, 429, 3],
      ['numeric 400', { error: { message: 'Bad tool schema', type: 'x', code: 400 } }, 400, 1],
      ['string "503"', { error: { message: 'No capacity', code: '503' } }, 503, 3],
      ['a status name', { error: { message: 'Slow down', code: 'rate_limit_exceeded' } }, 429, 3],
    ];
    for (const caller of EVERY_CALLER) {
      for (const [kind, json, status, calls] of bodies) {
        const label = `${caller} ${kind}`;
        const outcome = await send(caller, GPT, `coded error body ${label}`, [
          ...Array(3).fill({ raw: { json } }),
        ]);
        assert.ok(!outcome.ok, `${label}: got "${outcome.ok && outcome.text}"`);
        // The stream had not opened: every streamed caller too raises it as an HTTP error.
        assert.equal(outcome.error.status, status, label);
        assert.equal(f.mock.callCount(), calls, `${label}: attempts`);
        const [row] = await f.logs();
        assert.deepEqual([row?.status, row?.http_status], ['error', status], label);
      }
    }
    // A 401 in the body is the provider refusing the gateway's key, as its HTTP 401 is (091).
    const refused = await send('openai', GPT, 'coded 401 body', [
      { raw: { json: { error: { message: 'No auth credentials found', code: 401 } } } },
    ]);
    assert.ok(!refused.ok);
    assert.deepEqual([refused.error.status, refused.error.code], [401, 'provider_key_rejected']);
    // The same error as an event inside a stream that had opened keeps its status too.
    f.mock.reset();
    f.mock.enqueue(
      {
        raw: {
          events: [
            {
              data: {
                id: 'c',
                object: 'chat.completion.chunk',
                created: 1,
                model: 'm',
                choices: [
                  { index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null },
                ],
              },
            },
            { data: { error: { message: 'Provider overloaded', code: 503 } } },
          ],
        },
      },
      'openai',
    );
    await callGateway(f, 'openai-stream', 'coded error event', { model: GPT, headers: BYPASS });
    const [row] = await f.logs();
    assert.deepEqual([row?.status, row?.http_status], ['error', 503]);
  });

  test('a streamed request answered with a plain JSON error body: the caller gets the provider’s error and message', async () => {
    const bodies: Array<[string, unknown, number, RegExp]> = [
      [
        CLAUDE,
        {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens' },
        },
        400,
        /prompt is too long: 210000 tokens/,
      ],
      [
        GPT,
        { error: { message: 'The upstream model is unavailable', type: 'server_error' } },
        502,
        /The upstream model is unavailable/,
      ],
    ];
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const [model, json, status, message] of bodies) {
        const label = `${caller} ${model}`;
        const outcome = await send(caller, model, `json body on a stream ${label}`, [
          { raw: { json } },
          {},
        ]);
        assert.ok(!outcome.ok, `${label}: got "${outcome.ok && outcome.text}"`);
        assert.match(outcome.error.message, message, label);
        // The stream had not opened: the Responses API's stream too raises it as an HTTP error.
        assert.equal(outcome.error.status, status, label);
        assert.equal(f.mock.callCount(), 1, `${label}: not retried`);
        const [row] = await f.logs();
        assert.deepEqual([row?.status, row?.http_status], ['error', status], label);
        assert.match(row?.error_message ?? '', message, label);
      }
    }
  });

  test('a streamed request answered with a plain JSON answer: relayed as a stream in the caller’s format, logged and priced, cached', async () => {
    const answers: Array<[string, unknown]> = [
      [
        GPT,
        gptAnswer('A whole answer at once', {
          usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
        }),
      ],
      [
        CLAUDE,
        claudeAnswer('claude-3-5-haiku-latest', 'A whole answer at once', {
          usage: { input_tokens: 11, output_tokens: 5 },
        }),
      ],
    ];
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const [model, json] of answers) {
        const label = `${caller} ${model}`;
        const content = `a whole answer to a stream ${label}`;
        const outcome = await send(caller, model, content, [{ raw: { json } }], {
          'x-tokenwise-cache': 'refresh',
        });
        assert.ok(outcome.ok, `${label}: ${outcome.ok ? '' : outcome.error.message}`);
        assert.equal(outcome.text, 'A whole answer at once', label);
        assert.equal(f.mock.callCount(), 1, `${label}: not retried`);
        const [row] = await f.logs();
        assert.deepEqual(
          [row?.status, row?.http_status, row?.tokens_in, row?.tokens_out],
          ['success', 200, 11, 5],
          label,
        );
        assert.ok((row?.actual_cost ?? 0) > 0, `${label}: priced`);
        await f.server.app.gateway.cache.settled();
        const again = await send(caller, model, content, [], { 'x-tokenwise-cache': 'no-store' });
        assert.ok(again.ok, label);
        assert.equal(again.text, outcome.text, label);
        assert.equal(f.mock.callCount(), 0, `${label}: served from the cache`);
      }
    }
  });

  test('a stream cut after the answer’s end but before its end signal: a finished answer for the caller, never cached', async () => {
    const gptChunk = (delta: unknown, finish: string | null = null) => ({
      data: {
        id: 'c',
        object: 'chat.completion.chunk',
        model: 'gpt-4o-mini',
        choices: [{ index: 0, delta, finish_reason: finish }],
      },
    });
    const claude = (type: string, body: Record<string, unknown>) => ({
      event: type,
      data: { type, ...body },
    });
    const cut: Array<[string, Array<{ event?: string; data: unknown }>]> = [
      // The finish and the usage, but no `data: [DONE]`.
      [
        GPT,
        [
          gptChunk({ role: 'assistant', content: 'A finished' }),
          gptChunk({ content: ' answer' }, 'stop'),
          {
            data: {
              id: 'c',
              object: 'chat.completion.chunk',
              choices: [],
              usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
            },
          },
        ],
      ],
      // message_delta with its stop_reason and usage, but no message_stop.
      [
        CLAUDE,
        [
          claude('message_start', {
            message: {
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: CLAUDE,
              content: [],
              usage: { input_tokens: 9, output_tokens: 1 },
            },
          }),
          claude('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
          claude('content_block_delta', {
            index: 0,
            delta: { type: 'text_delta', text: 'A finished answer' },
          }),
          claude('content_block_stop', { index: 0 }),
          claude('message_delta', {
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 3 },
          }),
        ],
      ],
    ];
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const [model, events] of cut) {
        const label = `${caller} ${model}`;
        const content = `an answer cut before its end signal ${label}`;
        const first = await send(caller, model, content, [{ raw: { events } }], {
          'x-tokenwise-cache': 'refresh',
        });
        assert.ok(first.ok, `${label}: ${first.ok ? '' : first.error.message}`);
        assert.equal(first.text, 'A finished answer', label);
        const [row] = await f.logs();
        assert.deepEqual([row?.status, row?.http_status], ['success', 200], label);
        await f.server.app.gateway.cache.settled();
        const again = await send(caller, model, content, [], { 'x-tokenwise-cache': 'no-store' });
        assert.ok(again.ok, label);
        assert.match(again.text, /^Echo: .*cut before/, `${label}: asked the provider again`);
        assert.equal(f.mock.callCount(), 1, label);
      }
    }
  });

  test('a stream without usage is cached, and a hit on it saves the tokens its row counted', async () => {
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const model of [GPT, CLAUDE]) {
        const label = `${caller} ${model}`;
        const content = `a streamed answer without usage ${label}`;
        const first = await send(caller, model, content, [{ omitStreamUsage: true }], {
          'x-tokenwise-cache': 'refresh',
        });
        assert.ok(first.ok, label);
        const [missRow] = await f.logs();
        assert.ok((missRow?.tokens_in ?? 0) > 0, `${label}: the miss counted its tokens`);
        await f.server.app.gateway.cache.settled();
        const again = await send(caller, model, content, [], { 'x-tokenwise-cache': 'no-store' });
        assert.ok(again.ok, label);
        assert.equal(again.text, first.text, label);
        assert.equal(f.mock.callCount(), 0, `${label}: served from the cache`);
        const [hit] = await f.logs();
        assert.equal(hit?.cache_status, 'hit', label);
        assert.equal(
          hit?.tokens_saved,
          (missRow?.tokens_in ?? 0) + (missRow?.tokens_out ?? 0),
          `${label}: the hit saved what the miss counted`,
        );
        assert.ok((hit?.cost_saved ?? 0) > 0, `${label}: and its cost`);
      }
    }
  });

  test('a stream that fails after text went out: its row counts the prompt and the text sent, and prices them', async () => {
    for (const caller of EVERY_CALLER.filter(isStream)) {
      for (const [model, fault] of [
        [CLAUDE, { status: 529, streamErrorAfterChunks: 6 }],
        [GPT, { cutStreamAfterChunks: 4 }],
      ] as const) {
        const label = `${caller} ${model} ${JSON.stringify(fault)}`;
        const outcome = await send(caller, model, `late failure ${label}`, [
          { ...fault, reply: 'one two three four five six seven eight nine ten' },
        ]);
        assert.ok(!outcome.ok, label);
        const [row] = await f.logs();
        assert.equal(row?.status, 'error', label);
        assert.match(row?.response_text ?? '', /one two/, `${label}: text went out`);
        assert.ok((row?.tokens_in ?? 0) > 0, `${label}: prompt counted`);
        assert.ok((row?.tokens_out ?? 0) > 0, `${label}: text sent counted`);
        assert.ok((row?.actual_cost ?? 0) > 0, `${label}: priced`);
        assert.equal(row?.cost_saved, 0, `${label}: a failure saves nothing`);
      }
    }
  });

  test('an OpenAI-format error passes on the provider’s param and code', async () => {
    const fault = {
      status: 400,
      errorMessage: "Invalid value for 'temperature'",
      errorCode: 'invalid_value',
      errorParam: 'temperature',
    };
    for (const caller of ['openai', 'openai-stream'] as const) {
      const outcome = await send(caller, GPT, `param ${caller}`, [fault]);
      assert.ok(!outcome.ok, caller);
      assert.deepEqual(
        [outcome.error.status, outcome.error.code, outcome.error.param],
        [400, 'invalid_value', 'temperature'],
        caller,
      );
    }
    // The same inside a stream, from the provider's error event.
    const late = await send('openai-stream', GPT, 'param in a stream error event', [
      { ...fault, status: 500, streamErrorAfterChunks: 4, reply: 'one two three four five six' },
    ]);
    assert.ok(!late.ok);
    assert.deepEqual([late.error.code, late.error.param], ['invalid_value', 'temperature']);
  });

  // Before: an Anthropic caller got an empty text block and end_turn, the refusal lost.
  test("OpenAI's refusal reaches an Anthropic caller as its text, with stop_reason refusal", async () => {
    const refusal = "I'm sorry, I can't help with that.";
    const base = { id: 'chatcmpl-r', created: 1, model: 'gpt-4o-mini' };
    const usage = { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 };
    const message = { role: 'assistant', content: null, refusal, annotations: [] };
    f.mock.enqueue({
      raw: {
        json: {
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
          usage,
        },
      },
    });
    const ask = {
      model: GPT,
      max_tokens: 100,
      messages: [{ role: 'user' as const, content: 'Fill in the form for me' }],
    };
    const plain = await f.anthropic.messages.create(ask, { headers: BYPASS });
    assert.deepEqual(plain.content, [{ type: 'text', text: refusal }]);
    assert.equal(plain.stop_reason, 'refusal');

    f.mock.enqueue({ raw: { events: streamedRefusal(base, usage) } });
    const streamed = await f.anthropic.messages.stream(ask, { headers: BYPASS }).finalMessage();
    assert.deepEqual(streamed.content, [{ type: 'text', text: refusal }]);
    assert.equal(streamed.stop_reason, 'refusal');
  });
});

/** A provider's plain chat completion as OpenAI sends it, with `extra` fields (usage) added. */
function gptAnswer(content: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    ...extra,
  };
}

/** A plain Messages answer as Anthropic sends it, with `extra` fields (usage) added. */
function claudeAnswer(model: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    ...extra,
  };
}
