import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { type MockUpstream, startMockUpstream } from './server.ts';

describe('mock upstream', () => {
  let mock: MockUpstream;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Record<string, unknown>,
    };
  };
  const openAiChat = (content: string) =>
    post(
      `${mock.baseUrls.openai}/chat/completions`,
      { model: 'gpt-x', messages: [{ role: 'user', content }] },
      { authorization: 'Bearer k' },
    );
  const replyOf = (body: Record<string, unknown>) =>
    (body.choices as { message: { content: string } }[])[0]?.message.content;

  before(async () => {
    mock = await startMockUpstream();
  });
  after(() => mock.close());
  beforeEach(() => mock.reset());

  test('base URLs point at each provider under one origin', () => {
    assert.match(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(mock.baseUrls, {
      openai: `${mock.url}/openai/v1`,
      anthropic: `${mock.url}/anthropic`,
      gemini: `${mock.url}/gemini`,
      mistral: `${mock.url}/mistral/v1`,
      groq: `${mock.url}/groq/openai/v1`,
    });
  });

  test('a missing key is refused with each provider native body (Gemini: 400 API_KEY_INVALID)', async () => {
    const openai = await post(`${mock.baseUrls.openai}/chat/completions`, {});
    assert.equal(openai.status, 401);
    assert.equal((openai.body.error as { code: string }).code, 'invalid_api_key');
    const claude = await post(`${mock.baseUrls.anthropic}/v1/messages`, {});
    assert.equal(claude.status, 401);
    assert.deepEqual(
      { type: claude.body.type, error: (claude.body.error as { type: string }).type },
      { type: 'error', error: 'authentication_error' },
    );
    const gemini = await post(`${mock.baseUrls.gemini}/v1beta/models/g:generateContent`, {});
    assert.equal(gemini.status, 400);
    const geminiError = gemini.body.error as { status: string; details: { reason: string }[] };
    assert.equal(geminiError.status, 'INVALID_ARGUMENT');
    assert.equal(geminiError.details[0]?.reason, 'API_KEY_INVALID');
    assert.equal(mock.callCount(), 3, 'refused calls are recorded too');
  });

  test('anthropic insists on anthropic-version and max_tokens, as the real API does', async () => {
    const url = `${mock.baseUrls.anthropic}/v1/messages`;
    const body = { model: 'c', messages: [{ role: 'user', content: 'hi' }] };
    const noVersion = await post(url, { ...body, max_tokens: 5 }, { 'x-api-key': 'k' });
    assert.equal(noVersion.status, 400);
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const noMax = await post(url, body, headers);
    assert.equal(noMax.status, 400);
    assert.match((noMax.body.error as { message: string }).message, /max_tokens/);
    const ok = await post(url, { ...body, max_tokens: 5 }, headers);
    assert.deepEqual(ok.body.content, [{ type: 'text', text: 'Echo: hi' }]);
  });

  test("openai's reasoning models refuse max_tokens and take max_completion_tokens, as the real API does", async () => {
    const url = `${mock.baseUrls.openai}/chat/completions`;
    const headers = { authorization: 'Bearer k' };
    const messages = [{ role: 'user', content: 'hi' }];
    for (const model of ['gpt-5-mini', 'o3', 'o4-mini']) {
      const refused = await post(url, { model, messages, max_tokens: 5 }, headers);
      assert.equal(refused.status, 400, model);
      assert.deepEqual(
        { ...(refused.body.error as Record<string, unknown>), message: undefined },
        {
          message: undefined,
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      );
      const ok = await post(url, { model, messages, max_completion_tokens: 5 }, headers);
      assert.equal(ok.status, 200, model);
    }
    for (const model of ['gpt-4o-mini', 'gpt-5-chat-latest']) {
      const ok = await post(url, { model, messages, max_tokens: 5 }, headers);
      assert.equal(ok.status, 200, model);
    }
  });

  test('openai names the service tier that served each answer and chunk, with the fingerprint, as the real API does', async () => {
    const url = `${mock.baseUrls.openai}/chat/completions`;
    const headers = { authorization: 'Bearer k' };
    const body = { model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }] };
    assert.equal((await post(url, body, headers)).body.service_tier, 'default');
    const auto = await post(url, { ...body, service_tier: 'auto' }, headers);
    assert.equal(auto.body.service_tier, 'default');
    const flex = await post(url, { ...body, service_tier: 'flex' }, headers);
    assert.equal(flex.body.service_tier, 'flex');
    const streamed = {
      ...body,
      service_tier: 'priority',
      stream: true,
      stream_options: { include_usage: true },
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(streamed),
    });
    const chunks = (await res.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    assert.ok(chunks.length > 2);
    for (const chunk of chunks) {
      assert.equal(chunk.service_tier, 'priority');
      assert.equal(chunk.system_fingerprint, 'fp_mock');
    }
    // Mistral and Groq write no tier.
    const mistral = await post(
      `${mock.baseUrls.mistral}/chat/completions`,
      { ...body, model: 'mistral-small-latest' },
      headers,
    );
    assert.equal(mistral.body.service_tier, undefined);
  });

  test('anthropic reports context editing when asked, whole and on message_delta, as the real API does', async () => {
    const url = `${mock.baseUrls.anthropic}/v1/messages`;
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const edits = [
      { type: 'clear_tool_uses_20250919', cleared_tool_uses: 1, cleared_input_tokens: 40 },
    ];
    const context_management = { edits: [{ type: 'clear_tool_uses_20250919' }] };
    assert.equal((await post(url, body, headers)).body.context_management, undefined);
    const none = await post(url, { ...body, context_management }, headers);
    assert.deepEqual(none.body.context_management, { applied_edits: [] });
    mock.enqueue({ appliedEdits: edits });
    const whole = await post(url, { ...body, context_management }, headers);
    assert.deepEqual(whole.body.context_management, { applied_edits: edits });
    mock.enqueue({ appliedEdits: edits });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ...body, context_management, stream: true }),
    });
    const delta = (await res.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
      .find((event) => event.type === 'message_delta');
    assert.deepEqual(delta?.context_management, { applied_edits: edits });
  });

  test('anthropic signs thinking, reports cache usage and refuses a changed thinking block', async () => {
    const url = `${mock.baseUrls.anthropic}/v1/messages`;
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const ask = { model: 'c', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] };
    mock.enqueue({
      thinking: 'Say hi back.',
      usage: { input: 3, output: 2 },
      cacheTokens: { read: 7 },
    });
    const answer = await post(url, ask, headers);
    const [thinking] = answer.body.content as { type: string; signature: string }[];
    assert.equal(thinking?.type, 'thinking');
    assert.ok(thinking?.signature);
    assert.deepEqual(answer.body.usage, {
      input_tokens: 3,
      output_tokens: 2,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 7,
    });
    const nextTurn = (block: unknown) => ({
      ...ask,
      messages: [...ask.messages, { role: 'assistant', content: [block] }, ask.messages[0]],
    });
    assert.equal((await post(url, nextTurn(thinking), headers)).status, 200);
    const changed = await post(url, nextTurn({ ...thinking, thinking: 'Say bye.' }), headers);
    assert.equal(changed.status, 400);
    assert.match((changed.body.error as { message: string }).message, /messages\.1\.content\.0/);
  });

  test('gemini 3 signs function calls and refuses the current turn without them', async () => {
    const url = `${mock.baseUrls.gemini}/v1beta/models/gemini-3-pro-preview:generateContent`;
    const headers = { 'x-goog-api-key': 'k' };
    const ask = {
      contents: [{ role: 'user', parts: [{ text: 'Flight AA100?' }] }],
      tools: [{ functionDeclarations: [{ name: 'check_flight' }] }],
    };
    mock.enqueue({ toolCall: { name: 'check_flight', arguments: { flight: 'AA100' } } });
    const answer = await post(url, ask, headers);
    const candidates = answer.body.candidates as {
      content: { parts: Record<string, unknown>[] };
    }[];
    const callPart = candidates[0]?.content.parts[0];
    assert.ok(callPart?.functionCall && typeof callPart.thoughtSignature === 'string');
    const withCall = (part: unknown) => ({
      ...ask,
      contents: [
        ...ask.contents,
        { role: 'model', parts: [part] },
        { role: 'user', parts: [{ functionResponse: { name: 'check_flight', response: {} } }] },
      ],
    });
    assert.equal((await post(url, withCall(callPart), headers)).status, 200);
    const { thoughtSignature: _dropped, ...unsigned } = callPart;
    const refused = await post(url, withCall(unsigned), headers);
    assert.equal(refused.status, 400);
    assert.match(
      (refused.body.error as { message: string }).message,
      /`check_flight` in the `1\.` content block is missing a `thought_signature`/,
    );
    const moved = withCall({
      functionCall: { name: 'check_flight', args: { flight: 'BA1' } },
      thoughtSignature: callPart.thoughtSignature,
    });
    assert.equal((await post(url, moved, headers)).status, 400, 'a signature is bound to its call');
    const older = withCall(unsigned);
    older.contents.push({ role: 'user', parts: [{ text: 'New question' }] });
    assert.equal((await post(url, older, headers)).status, 200, 'only the current turn is checked');
  });

  test('behaviours: provider queue first, then the shared queue, over the defaults', async () => {
    mock.setDefault({ reply: 'default' });
    mock.enqueue({ reply: 'shared' });
    mock.enqueue({ reply: 'for openai' }, 'openai');
    mock.enqueue({ reply: 'for groq' }, 'groq');
    assert.equal(replyOf((await openAiChat('a')).body), 'for openai');
    assert.equal(replyOf((await openAiChat('b')).body), 'shared');
    assert.equal(replyOf((await openAiChat('c')).body), 'default');
    assert.equal(mock.callCount('openai'), 3);
    assert.equal(mock.callCount('groq'), 0);
    mock.reset();
    assert.equal(replyOf((await openAiChat('after reset')).body), 'Echo: after reset');
    assert.equal(mock.calls.length, 1);
  });

  test('calls record the path, headers, body and what the mock read from it', async () => {
    await openAiChat('remember me');
    const [call] = mock.calls;
    assert.equal(call?.provider, 'openai');
    assert.equal(call?.path, '/openai/v1/chat/completions');
    assert.equal(call?.headers.authorization, 'Bearer k');
    assert.deepEqual(call?.body, {
      model: 'gpt-x',
      messages: [{ role: 'user', content: 'remember me' }],
    });
    assert.equal(call?.parsed?.lastUserText, 'remember me');
  });

  test('error statuses use the provider error shape and can carry retry-after', async () => {
    mock.enqueue({ status: 429, errorMessage: 'Too many', retryAfterSeconds: 3 }, 'mistral');
    const res = await post(
      `${mock.baseUrls.mistral}/chat/completions`,
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
      { authorization: 'Bearer k' },
    );
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    assert.equal(res.body.message, 'Too many');
    assert.equal(res.body.object, 'error');
  });

  test('fault behaviours: a quoted key, a garbled body, an error event, a reset', async () => {
    const url = `${mock.baseUrls.openai}/chat/completions`;
    const ask = (stream = false) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-mine' },
        body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'x' }] }),
      });
    mock.enqueue({ status: 401, errorMessage: 'Incorrect API key provided', echoCredential: true });
    assert.equal(
      ((await (await ask()).json()) as { error: { message: string } }).error.message,
      'Incorrect API key provided: sk-mine',
    );
    mock.enqueue({ malformed: true });
    const garbled = await ask();
    assert.equal(garbled.status, 200);
    const body = await garbled.text();
    assert.match(body, /^\{"id":/);
    assert.throws(() => JSON.parse(body), SyntaxError);
    mock.enqueue({ status: 500, errorMessage: 'Boom', streamErrorAfterChunks: 1, reply: 'a b c' });
    const events = await (await ask(true)).text();
    assert.match(events, /^data: \{"id".*\n\ndata: \{"error":\{"message":"Boom"/s);
    assert.doesNotMatch(events, /\[DONE\]/);
    mock.enqueue({ resetConnection: true });
    await assert.rejects(ask(), (err: Error & { cause?: { code?: string } }) => {
      assert.equal(err.cause?.code, 'ECONNRESET');
      return true;
    });
  });

  test('raw answers, a stream that stalls mid-way, and a call the client abandoned', async () => {
    const url = `${mock.baseUrls.openai}/chat/completions`;
    const ask = (stream: boolean, signal?: AbortSignal) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-mine' },
        body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'x' }] }),
        ...(signal ? { signal } : {}),
      });
    mock.reset();
    mock.enqueue({ raw: { json: { choices: [] } } });
    assert.deepEqual(await (await ask(false)).json(), { choices: [] });
    mock.enqueue({ raw: { events: [{ data: { choices: [] } }] } });
    assert.equal(await (await ask(true)).text(), 'data: {"choices":[]}\n\n');
    assert.equal(mock.calls[1]?.abandoned, undefined, 'answered whole');

    mock.enqueue({ stallAfterChunks: 2, reply: 'one two three' });
    const controller = new AbortController();
    const reader = (await ask(true, controller.signal)).body?.getReader();
    let seen = '';
    while ((seen.match(/\n\n/g) ?? []).length < 2) {
      const read = await reader?.read();
      if (!read || read.done) break;
      seen += new TextDecoder().decode(read.value);
    }
    assert.match(seen, /"content":"one"/);
    controller.abort();
    await reader?.cancel().catch(() => {});
    const stalled = mock.calls[2];
    while (!stalled?.abandoned) await new Promise((resolve) => setImmediate(resolve));
    assert.doesNotMatch(seen, /two/, 'nothing after the stall');
  });

  test('a trickled answer arrives whole, a few bytes at a time', async () => {
    mock.enqueue({ trickleMs: 1, reply: 'slowly but surely' });
    assert.equal(replyOf((await openAiChat('x')).body), 'slowly but surely');
  });

  test('embeddings are deterministic and texts sharing words are closer', async () => {
    const embed = async (input: string[]) => {
      const res = await post(
        `${mock.baseUrls.openai}/embeddings`,
        { model: 'e', input },
        { authorization: 'Bearer k' },
      );
      return (res.body.data as { embedding: number[] }[]).map((d) => d.embedding);
    };
    const [a, b, c] = await embed([
      'the red fox jumps',
      'the red fox sleeps',
      'quarterly tax filing',
    ]);
    const [again] = await embed(['the red fox jumps']);
    const dot = (x: number[] = [], y: number[] = []) =>
      x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    assert.deepEqual(again, a);
    assert.ok(dot(a, b) > dot(a, c));
    const gemini = await post(
      `${mock.baseUrls.gemini}/v1beta/models/text-embedding-004:embedContent`,
      { content: { parts: [{ text: 'the red fox jumps' }] } },
      { 'x-goog-api-key': 'k' },
    );
    assert.deepEqual((gemini.body.embedding as { values: number[] }).values, a);
  });

  test('unknown paths are 404s', async () => {
    const res = await post(`${mock.url}/nowhere`, {});
    assert.equal(res.status, 404);
    const inside = await post(`${mock.baseUrls.openai}/files`, {}, { authorization: 'Bearer k' });
    assert.equal(inside.status, 404);
    assert.equal(mock.callCount('openai'), 1);
  });
});
