import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, resolveModel } from '@tokenwise/pricing';
import OpenAI from 'openai';
import {
  AS_SENT,
  TIDE_CITATION as CITATION,
  type Json,
  TIDE_PAGE as PAGE,
  readChatStream,
  useCitationFixture,
} from './citation-fixture.ts';

const MODEL = 'claude-sonnet-4-5';
/** The mock writes a cited answer as Claude splits one: this lead-in, then the cited block. */
const LEAD_IN = 'According to the document, ';
const REPLY = 'High tide in London is at 14:05 today.';
const LOCATION = { city: 'London', region: 'England', country: 'GB', timezone: 'Europe/London' };

type Usage = OpenAI.CompletionUsage & { server_tool_use?: { web_search_requests: number } };

// Before (decision 182): `web_search_options` to a Claude model was dropped by anthropicBody. No
// search was made and the caller was not told; other providers dropped or passed it on unread.
describe('web_search_options to Claude is its web search tool; Mistral and Groq refuse it (decision 182)', () => {
  const { f, sentBody } = useCitationFixture();

  const question = (options: Json) =>
    ({
      model: MODEL,
      messages: [{ role: 'user', content: 'When is high tide in London today?' }],
      web_search_options: options,
    }) as OpenAI.ChatCompletionCreateParamsNonStreaming;

  /** Claude searches for these (at most the tool's max_uses), then cites the page. */
  const searching = () =>
    f.mock.enqueue(
      {
        reply: REPLY,
        citations: [CITATION],
        webSearch: { queries: ['high tide London', 'London Bridge tide times'], results: [PAGE] },
        usage: { input: 2_000, output: 40 },
      },
      'anthropic',
    );

  const expectAnswer = (text: string, cited: { url: string } | undefined, label: string) => {
    assert.equal(text, `${LEAD_IN}${REPLY}`, `${label}: the text, no search block shown`);
    assert.equal(cited?.url, PAGE.url, `${label}: the page Claude cited`);
  };

  test('the tool carries the mapped fields; the answer, its url_citation and the search count come back, whole and streamed; the row prices the searches', async () => {
    searching();
    const low = {
      search_context_size: 'low',
      user_location: { type: 'approximate', approximate: LOCATION },
    };
    const whole = await f.openai.chat.completions.create(question(low), AS_SENT);
    assert.deepEqual(sentBody().tools, [
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 1,
        user_location: { type: 'approximate', ...LOCATION },
      },
    ]);
    const message = whole.choices[0]?.message;
    expectAnswer(message?.content ?? '', message?.annotations?.[0]?.url_citation, 'whole');
    assert.equal(message?.annotations?.length, 1);
    assert.equal(message?.tool_calls, undefined, 'a server tool is no call for the caller to run');
    assert.equal(whole.choices[0]?.finish_reason, 'stop');
    assert.equal((whole.usage as Usage).server_tool_use?.web_search_requests, 1, 'max_uses 1');

    // `high` is ten searches at most: Claude runs both of its queries.
    searching();
    const stream = await f.openai.chat.completions.create(
      {
        ...question({ search_context_size: 'high' }),
        stream: true,
        stream_options: { include_usage: true },
      },
      AS_SENT,
    );
    let usage: Usage | undefined;
    const read = await readChatStream(
      (async function* () {
        for await (const chunk of stream) {
          usage = (chunk.usage as Usage | null) ?? usage;
          yield chunk;
        }
      })(),
    );
    assert.deepEqual(sentBody().tools, [
      { type: 'web_search_20250305', name: 'web_search', max_uses: 10 },
    ]);
    expectAnswer(read.text, read.cited, 'streamed');
    assert.equal(usage?.server_tool_use?.web_search_requests, 2, 'streamed usage counts both');

    const [streamed, first] = await f.logs();
    const model = resolveModel(MODEL);
    assert.ok(model);
    for (const [row, searches] of [
      [first, 1],
      [streamed, 2],
    ] as const) {
      const tokens = { inputTokens: row?.tokens_in ?? 0, outputTokens: row?.tokens_out ?? 0 };
      const priced = costOf(model, { ...tokens, webSearches: searches });
      assert.ok(
        Math.abs(priced - costOf(model, tokens) - searches / 100) < 1e-12,
        'sanity: $10/1,000',
      );
      assert.ok(
        Math.abs((row?.actual_cost ?? 0) - priced) < 1e-12,
        `${searches}: ${row?.actual_cost}`,
      );
      assert.equal(JSON.parse(row?.details ?? '{}').web_searches, searches);
    }
  });

  test('with the caller’s own tools the search tool goes beside them; a bad search_context_size is a 400', async () => {
    searching();
    const tool = {
      type: 'function' as const,
      function: { name: 'lookup', parameters: { type: 'object', properties: {} } },
    };
    await f.openai.chat.completions.create({ ...question({}), tools: [tool] }, AS_SENT);
    assert.deepEqual(
      (sentBody().tools as Json[]).map((t) => t.name),
      ['lookup', 'web_search'],
    );
    assert.equal((sentBody().tools as Json[])[1]?.max_uses, undefined, 'no size: no limit');

    const calls = f.mock.calls.length;
    const err = await f.openai.chat.completions
      .create(question({ search_context_size: 'huge' }), AS_SENT)
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError);
    assert.equal(err.param, 'web_search_options.search_context_size');
    assert.equal(f.mock.calls.length, calls, 'not sent');
  });

  test('to Mistral and Groq it is a 400 naming the parameter and the model; to OpenAI it goes as sent', async () => {
    // Gemini maps it to Google Search grounding (decision 184, gateway-gemini-web-search.test.ts).
    for (const model of ['mistral-small-latest', 'groq/llama-3.1-8b-instant']) {
      const err = await f.openai.chat.completions
        .create({ ...question({ search_context_size: 'low' }), model }, AS_SENT)
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, `${model}: ${String(err)}`);
      assert.equal(err.param, 'web_search_options', model);
      assert.equal(err.code, 'unsupported_parameter', model);
      const id = model.replace(/^groq\//, '');
      assert.match(err.message, new RegExp(`'web_search_options'.*'${id}'`), model);
    }
    assert.equal(f.mock.calls.length, 0, 'no provider was asked');
    const [row] = await f.logs();
    assert.equal(row?.http_status, 400, 'logged as refused');

    const options = {
      search_context_size: 'medium',
      user_location: { type: 'approximate', approximate: LOCATION },
    };
    await f.openai.chat.completions.create(
      { ...question(options), model: 'gpt-4o-search-preview' },
      AS_SENT,
    );
    assert.deepEqual(sentBody().web_search_options, options);
  });
});
