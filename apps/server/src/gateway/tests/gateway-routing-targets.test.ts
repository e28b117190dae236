import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { resolveModel } from '@tokenwise/pricing';
import OpenAI from 'openai';
import { pngHeader } from '../request/testing/image-headers.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

describe('where a routed request may go, and what happens when it fails there', () => {
  const f = useGatewayFixture({ DIFFICULTY_SAMPLE_EVERY: '1' });
  const lastUpstreamModel = () => f.mock.calls.at(-1)?.parsed?.model ?? '';
  const routingOn = () =>
    f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });

  test('a simple request goes to a Mini model that can write its max_tokens, never a retired one', async () => {
    await routingOn();
    // Claude 3 Haiku, once the cheapest Mini Claude, was retired on 2026-04-20 and wrote at most
    // 4,096 tokens: Haiku 4.5 is the Mini model now (decisions 103, 111).
    await f.anthropic.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 8_192,
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    const routed = resolveModel(`anthropic/${lastUpstreamModel()}`);
    assert.equal(routed?.tier, 'mini');
    assert.equal(routed?.id, 'claude-haiku-4-5');
    assert.ok((routed?.capabilities.maxOutputTokens ?? 0) >= 8_192, `routed to ${routed?.id}`);
    // Gemini's cheapest Mini models, 2.0 Flash and Flash-Lite, were shut down on 2026-06-01.
    await f.openai.chat.completions.create({
      model: 'gemini/gemini-2.5-pro',
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    assert.equal(lastUpstreamModel(), 'gemini-2.5-flash-lite');
    // A max_tokens no Mini model can write leaves the request on the model it names.
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4.1',
      max_tokens: 200_000,
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    assert.equal(lastUpstreamModel(), 'gpt-4.1');
  });

  // Before: the count of a prompt near a window read text parts only, so the texts of search
  // results and `content` documents (Claude reads them inside their blocks) counted nothing, and a
  // short question over 265k tokens of them went to Haiku's 200k window (decision 167).
  test('documents and search results too large for the Mini model’s window keep the request on the model it named', async () => {
    await routingOn();
    const asked = (passagesPerBlock: number): Anthropic.MessageCreateParamsNonStreaming => {
      const passages = (from: number) =>
        Array.from({ length: passagesPerBlock }, (_, i) => harbourPassage(from + i)).join(' ');
      const searchResult = (n: number): Anthropic.SearchResultBlockParam => ({
        type: 'search_result',
        source: `https://reports.example.com/harbour/${n}`,
        title: `Harbour report ${n}`,
        content: [{ type: 'text', text: passages(n * passagesPerBlock) }],
      });
      const appendix: Anthropic.DocumentBlockParam = {
        type: 'document',
        source: { type: 'content', content: [{ type: 'text', text: passages(9_000_000) }] },
        title: 'Appendix',
      };
      return {
        model: 'claude-sonnet-4-6',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [
              searchResult(1),
              searchResult(2),
              appendix,
              { type: 'text', text: 'Which pier was busiest?' },
            ],
          },
        ],
      };
    };
    // About 90k tokens a block, 265k in all: over Haiku 4.5’s 200k, within Sonnet 4.6’s 1M.
    await f.anthropic.messages.create(asked(5_000));
    assert.equal(lastUpstreamModel(), 'claude-sonnet-4-6');
    assert.equal((await f.logs())[0]?.was_routed, 0);
    // The same request with a few passages a block is routed as before.
    await f.anthropic.messages.create(asked(3));
    assert.equal(lastUpstreamModel(), 'claude-haiku-4-5');
    assert.equal((await f.logs())[0]?.was_routed, 1);
  });

  // Before: every image counted 1,000 tokens, so 130 full-HD screenshots (~1,600 tokens each on
  // Claude, 208k in all) seemed to need 134k and went to Haiku 4.5's 200k window (decision 175).
  test('large images too many for the Mini model’s window keep the request on the model it named', async () => {
    await routingOn();
    const screenshot = pngHeader(1920, 1080).toString('base64');
    const asked = (screenshots: number): Anthropic.MessageCreateParamsNonStreaming => ({
      model: 'claude-sonnet-4-6',
      max_tokens: 100,
      messages: [
        {
          role: 'user',
          content: [
            ...Array.from({ length: screenshots }, () => ({
              type: 'image' as const,
              source: {
                type: 'base64' as const,
                media_type: 'image/png' as const,
                data: screenshot,
              },
            })),
            { type: 'text', text: 'Which screen shows the error?' },
          ],
        },
      ],
    });
    await f.anthropic.messages.create(asked(130));
    assert.equal(lastUpstreamModel(), 'claude-sonnet-4-6');
    const kept = (await f.logs())[0];
    assert.equal(kept?.was_routed, 0);
    // Kept by the window, not by the quota: the request was optimized as usual.
    assert.equal(kept?.is_passthrough, 0);
    // A few screenshots are routed as before.
    await f.anthropic.messages.create(asked(3));
    assert.equal(lastUpstreamModel(), 'claude-haiku-4-5');
    assert.equal((await f.logs())[0]?.was_routed, 1);
  });

  test('a routed answer names the model that wrote it, in every wire format and stream', async () => {
    await routingOn();
    // Chat Completions always said so; the Messages and Responses formats named the model the
    // caller asked for, so a Claude Code or Responses user could not tell that Haiku answered.
    const message = await f.anthropic.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hi to Oslo' }],
    });
    assert.equal(lastUpstreamModel(), 'claude-haiku-4-5');
    assert.equal(message.model, 'claude-haiku-4-5');
    const streamed = await f.anthropic.messages
      .stream({
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Say hi to Bergen' }],
      })
      .finalMessage();
    assert.equal(streamed.model, 'claude-haiku-4-5');

    const response = await f.openai.responses.create({ model: 'gpt-4o', input: 'Say hi to Turku' });
    const routed = lastUpstreamModel();
    assert.notEqual(routed, 'gpt-4o');
    assert.equal(response.model, routed);
    let completed = '';
    const events = await f.openai.responses.create({
      model: 'gpt-4o',
      input: 'Say hi to Espoo',
      stream: true,
    });
    for await (const event of events) {
      if (event.type === 'response.completed') completed = event.response.model;
    }
    assert.equal(completed, routed);

    const chat = await f.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Say hi to Tampere' }],
    });
    assert.equal(chat.model, routed);
    // The row says the same: requested → routed.
    const row = (await f.logs())[0];
    assert.equal(row?.requested_model, 'gpt-4o');
    assert.equal(row?.routed_model, routed);
  });

  test('a fallen-back answer names the model the caller asked for', async () => {
    await routingOn();
    f.mock.enqueue({ status: 404, errorMessage: 'no access to this model' }, 'anthropic');
    const message = await f.anthropic.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hi to Lund' }],
    });
    assert.equal(lastUpstreamModel(), 'claude-sonnet-4-5');
    assert.equal(message.model, 'claude-sonnet-4-5');
  });

  test('a Gemini 3 tool loop whose first step was routed goes on on Gemini 3', async () => {
    await routingOn();
    // Gemini 3 refuses a turn whose function calls carry no thought signature of its own. A step
    // routed to Gemini 2.5 makes calls without one; the next step of the same turn, scored complex
    // because of a long tool result, stays on Gemini 3 and was refused with a 400 no fallback
    // catches (that request was not routed).
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'read_file',
          parameters: { type: 'object', properties: { path: { type: 'string' } } },
        },
      },
    ];
    const question = { role: 'user' as const, content: 'Read notes.txt' };
    f.mock.enqueue({ toolCall: { name: 'read_file', arguments: { path: 'notes.txt' } } }, 'gemini');
    const first = await f.openai.chat.completions.create({
      model: 'gemini/gemini-3.1-pro-preview',
      messages: [question],
      tools,
    });
    assert.equal(lastUpstreamModel(), 'gemini-2.5-pro', 'the first step was routed');
    const message = first.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    assert.ok(message && call);
    const fileText = 'The quarterly figures moved in line with the plan. '.repeat(80);
    const second = await f.openai.chat.completions.create({
      model: 'gemini/gemini-3.1-pro-preview',
      messages: [question, message, { role: 'tool', tool_call_id: call.id, content: fileText }],
      tools,
    });
    assert.equal(lastUpstreamModel(), 'gemini-3.1-pro-preview', 'the long step was not routed');
    assert.ok(second.choices[0]?.message.content);

    // A streamed routed step carries the stand-in on the call's first delta.
    f.mock.enqueue({ toolCall: { name: 'read_file', arguments: { path: 'todo.txt' } } }, 'gemini');
    const stream = await f.openai.chat.completions.create({
      model: 'gemini/gemini-3.1-pro-preview',
      messages: [{ role: 'user', content: 'Read todo.txt' }],
      tools,
      stream: true,
    });
    const signatures: unknown[] = [];
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        if (delta.id) signatures.push((delta as { extra_content?: unknown }).extra_content);
      }
    }
    assert.equal(lastUpstreamModel(), 'gemini-2.5-pro');
    assert.deepEqual(signatures, [
      { google: { thought_signature: 'skip_thought_signature_validator' } },
    ]);
  });

  test('a pinned request is not served the cached answer of the model routing chose', async () => {
    await routingOn();
    const ask = (headers: Record<string, string> = {}) =>
      f.openai.chat.completions.create(
        {
          model: 'gpt-4o',
          messages: [{ role: 'user', content: 'What is the capital of Norway?' }],
        },
        { headers },
      );
    const routed = await ask();
    assert.notEqual(routed.model, 'gpt-4o', 'routed to a Mini model and cached');
    const calls = f.mock.calls.length;
    // The caller pins gpt-4o because it wants gpt-4o's answer, not the Mini model's, kept 1h.
    const pinned = await ask({ 'x-tokenwise-pin-model': 'true' });
    assert.equal(pinned.model, 'gpt-4o');
    assert.equal(f.mock.calls.length, calls + 1, 'gpt-4o was asked');
    assert.equal(lastUpstreamModel(), 'gpt-4o');
    // Unpinned, the same question is still a hit.
    const again = await ask();
    assert.equal(f.mock.calls.length, calls + 1, 'served from the cache');
    assert.ok(again.choices[0]?.message.content);
  });

  test('Groq reasoning controls only go to a model of the line that takes them', async () => {
    await routingOn();
    // Groq refuses reasoning_effort, reasoning_format and include_reasoning on its non-reasoning
    // models, and the values differ by line (gpt-oss: low/medium/high; Qwen 3: none/default). A
    // simple prompt to gpt-oss-120b with reasoning_effort went to llama-3.1-8b-instant.
    const ask = (model: string, extra: Record<string, unknown>) =>
      f.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Say hi to Kyiv' }],
        ...extra,
      } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    await ask('groq/openai/gpt-oss-120b', { reasoning_effort: 'high' });
    assert.equal(lastUpstreamModel(), 'openai/gpt-oss-20b', 'the cheaper model of its line');
    await ask('groq/openai/gpt-oss-120b', { include_reasoning: false });
    assert.equal(lastUpstreamModel(), 'openai/gpt-oss-20b');
    await ask('groq/qwen/qwen3-32b', { reasoning_format: 'parsed' });
    assert.equal(lastUpstreamModel(), 'qwen/qwen3-32b', 'no cheaper Qwen 3: it stays');
    // Without them, the cheapest Mini model as before.
    await ask('groq/openai/gpt-oss-120b', {});
    assert.equal(lastUpstreamModel(), 'llama-3.1-8b-instant');
  });

  test('a priced model newer than the routing catalog is served as named and priced', async () => {
    await routingOn();
    // o3-pro and gpt-5-codex have prices but no capability row: routing cannot know what they
    // do, so a simple prompt stays on them rather than being refused or moved (decision 117).
    for (const model of ['o3-pro', 'openai/gpt-5-codex']) {
      const res = await f.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Say hi' }],
      });
      assert.ok(res.choices[0]?.message.content);
      assert.equal(lastUpstreamModel(), model.replace('openai/', ''));
      const row = (await f.logs())[0];
      assert.equal(row?.was_routed, 0);
      assert.ok((row?.actual_cost ?? 0) > 0, 'its cost is logged');
      assert.match(row?.details ?? '', /not in the routing catalog/);
    }
  });

  test('a model with no listed price reaches its provider, logged at cost 0 and flagged; a name of no provider is a 404 here', async () => {
    await routingOn();
    // Decision 146: such a name (a model shipped after the last price-list update) was a 404 and
    // never reached the provider. Now it is served as named, like a priced model routing does
    // not know, and its row says the cost is unknown rather than counting it as free.
    const res = await f.openai.chat.completions.create({
      model: 'gpt-6',
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    assert.ok(res.choices[0]?.message.content);
    assert.equal(lastUpstreamModel(), 'gpt-6');
    const row = (await f.logs())[0];
    assert.equal(row?.model, 'gpt-6');
    assert.equal(row?.was_routed, 0);
    assert.ok((row?.tokens_in ?? 0) > 0, 'its tokens are counted');
    assert.deepEqual([row?.actual_cost, row?.cost_saved], [0, 0]);
    const detail = await f.user.api('GET', `/v1/analytics/requests/${row?.id}`);
    assert.equal(detail.body.details?.price_unknown, true);
    assert.ok(
      detail.body.details?.difficulty_reasons?.includes(
        'kept the requested model: no listed price',
      ),
    );
    // Its cached answer is its own model's, so a request pinned to it is served from the cache.
    await f.server.app.gateway.cache.settled();
    const calls = f.mock.calls.length;
    const pinned = await f.openai.chat.completions.create(
      { model: 'gpt-6', messages: [{ role: 'user', content: 'Say hi' }] },
      { headers: { 'x-tokenwise-pin-model': 'true' } },
    );
    assert.equal(pinned.choices[0]?.message.content, res.choices[0]?.message.content);
    assert.equal(f.mock.calls.length, calls, 'served from the cache');

    // A typo reaches the provider too, and the provider's own 404 reaches each SDK as one.
    f.mock.enqueue(
      {
        status: 404,
        errorMessage: 'The model `gpt-4o-mnii` does not exist or you do not have access to it.',
        errorCode: 'model_not_found',
      },
      'openai',
    );
    const missing = await f.openai.chat.completions
      .create({ model: 'gpt-4o-mnii', messages: [{ role: 'user', content: 'Say hi' }] })
      .catch((e: unknown) => e);
    assert.ok(missing instanceof OpenAI.NotFoundError, String(missing));
    assert.match(missing.message, /gpt-4o-mnii/);
    f.mock.enqueue({ status: 404, errorMessage: 'model: claude-9' }, 'anthropic');
    const gone = await f.anthropic.messages
      .create({ model: 'claude-9', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    assert.ok(gone instanceof Anthropic.NotFoundError, String(gone));

    // No provider owns the name, it is no model id, or it names another API: refused here.
    const before = f.mock.calls.length;
    for (const model of ['llama-9', 'openai/a/../../files', 'openai/gpt 6', 'gpt-6-tts']) {
      const refused = await f.openai.chat.completions
        .create({ model, messages: [{ role: 'user', content: 'Say hi' }] })
        .catch((e: unknown) => e);
      assert.ok(refused instanceof OpenAI.NotFoundError, `${model}: ${String(refused)}`);
      assert.equal(refused.code, 'model_not_found');
      assert.match(refused.message, /Unknown model/);
    }
    assert.equal(f.mock.calls.length, before, 'none reached a provider');
  });

  test('a routed model the provider refuses: the requested model answers, and the row says so', async () => {
    await routingOn();
    f.mock.enqueue(
      {
        status: 404,
        errorMessage: 'The model does not exist or you do not have access to it.',
        errorCode: 'model_not_found',
      },
      'openai',
    );
    const before = f.mock.calls.length;
    const res = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is the capital of Italy?' }],
    });
    assert.match(res.choices[0]?.message.content ?? '', /capital of Italy/);
    const tried = f.mock.calls.slice(before).map((c) => c.parsed?.model);
    assert.equal(tried.length, 2);
    assert.notEqual(tried[0], 'gpt-4o');
    assert.equal(tried[1], 'gpt-4o');
    const row = (await f.logs())[0];
    assert.equal(row?.status, 'success');
    assert.equal(row?.was_routed, 0);
    assert.equal(row?.model, 'gpt-4o');
    assert.match(row?.details ?? '', /fell back to the requested model/);
  });

  test('a streamed routed request falls back the same way, before any byte reached the caller', async () => {
    await routingOn();
    // The routed model refuses the first call and both retries (UPSTREAM_MAX_RETRIES=2).
    f.mock.enqueue({ status: 503, errorMessage: 'overloaded' }, 'anthropic');
    f.mock.enqueue({ status: 503, errorMessage: 'overloaded' }, 'anthropic');
    f.mock.enqueue({ status: 503, errorMessage: 'overloaded' }, 'anthropic');
    const stream = f.anthropic.messages.stream({
      model: 'claude-sonnet-4-5',
      max_tokens: 200,
      messages: [{ role: 'user', content: 'Say hello to Rome' }],
    });
    const text = await stream.finalText();
    assert.match(text, /hello to Rome/);
    assert.equal(lastUpstreamModel(), 'claude-sonnet-4-5');
    const row = (await f.logs())[0];
    assert.equal(row?.was_routed, 0);
    assert.match(row?.details ?? '', /answered 503: fell back/);
  });

  // Before: the fallback's error, tried once, went out retryable, so an SDK on its default
  // retries ran routed model and fallback again, twice (decision 141).
  test('a fallback that fails after the routed model was retried says x-should-retry: false', async () => {
    await routingOn();
    for (let i = 0; i < 3; i++)
      f.mock.enqueue({ status: 503, errorMessage: 'overloaded' }, 'anthropic');
    // Longer than the gateway waits, so the requested model is tried once.
    f.mock.enqueue({ status: 429, errorMessage: 'slow down', retryAfterSeconds: 120 }, 'anthropic');
    const err = await f.anthropic.messages
      .create({
        model: 'claude-sonnet-4-5',
        max_tokens: 200,
        messages: [{ role: 'user', content: 'Say hello to Milan' }],
      })
      .catch((e: unknown) => e);
    assert.ok(err instanceof Error && 'status' in err && 'headers' in err, String(err));
    assert.equal(err.status, 429);
    assert.equal((err.headers as Headers).get('x-should-retry'), 'false');
    assert.equal(lastUpstreamModel(), 'claude-sonnet-4-5', 'sanity: it fell back');
  });

  test('the requested model failing too answers with its own error; a pinned request is never retried', async () => {
    await routingOn();
    f.mock.enqueue({ status: 404, errorMessage: 'no such model' }, 'openai');
    f.mock.enqueue({ status: 400, errorMessage: 'bad request from the asked model' }, 'openai');
    await assert.rejects(
      f.openai.chat.completions.create({
        model: 'openai/gpt-4o',
        messages: [{ role: 'user', content: 'What is the capital of Peru?' }],
      }),
      (err: { status?: number; message?: string }) =>
        err.status === 400 && /asked model/.test(err.message ?? ''),
    );
    f.mock.reset();
    f.mock.enqueue({ status: 404, errorMessage: 'no such model' }, 'openai');
    await assert.rejects(
      f.openai.chat.completions.create(
        { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'Capital of Chile?' }] },
        { headers: { 'x-tokenwise-pin-model': 'true' } },
      ),
      (err: { status?: number }) => err.status === 404,
    );
    assert.equal(f.mock.calls.length, 1);
  });
});

describe('the routing config against odd and hostile values', () => {
  const f = useGatewayFixture();
  const saved = {
    enabled: true,
    difficulty_threshold_simple: 120,
    difficulty_threshold_complex: 480,
  };

  test('every bad body is a 400 and leaves the saved config as it was', async () => {
    assert.equal((await f.user.api('PUT', '/v1/routing/config', saved)).status, 200);
    const bad: unknown[] = [
      { ...saved, enabled: 'true' },
      { ...saved, enabled: 1 },
      { ...saved, difficulty_threshold_simple: '120' },
      { ...saved, difficulty_threshold_simple: null },
      { ...saved, difficulty_threshold_simple: 0 },
      { ...saved, difficulty_threshold_simple: -5 },
      { ...saved, difficulty_threshold_complex: 1e300 },
      { ...saved, difficulty_threshold_complex: 120 },
      // A save of one threshold (decision 225) is checked against the other's stored value.
      { difficulty_threshold_simple: 480 },
      { difficulty_threshold_complex: 100 },
      { enabled: 'false' },
      [],
      null,
    ];
    for (const body of bad) {
      const res = await f.user.api('PUT', '/v1/routing/config', body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const raw = await fetch(`${f.server.url}/v1/routing/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${f.user.token}`, 'content-type': 'application/json' },
      body: '{"enabled":true,"difficulty_threshold_simple":NaN,"difficulty_threshold_complex":500}',
    });
    assert.equal(raw.status, 400);
    assert.deepEqual((await f.user.api('GET', '/v1/routing/config')).body, saved);
  });
});

/** One sentence of a made-up harbour log, different for each `n` (about 25 tokens). */
function harbourPassage(n: number): string {
  return `Entry ${n}: pier ${n % 97} logged ${(n * 7919) % 10_000} tonnes on day ${n % 365}.`;
}
