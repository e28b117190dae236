import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, resolveModel } from '@tokenwise/pricing';
import OpenAI from 'openai';
import {
  AS_SENT,
  type Json,
  outputText,
  REFRESH,
  type UrlCitation,
  useCitationFixture,
} from './citation-fixture.ts';

const MODEL = 'gemini-2.5-flash';
const EMAIL = 'jane.doe@example.com';
/** The session's first address: what Gemini gets, and what its answer repeats. */
const PLACEHOLDER = '[EMAIL_REDACTED_1]';
const PAGES = [
  { url: 'https://example.com/cafe-lune', title: 'Café Lune — about us' },
  { url: 'https://example.org/city-guide', title: 'City guide' },
];
// Non-ASCII before the second passage (é is 2 UTF-8 bytes, ’ 3): Gemini's byte offsets and the
// caller's character offsets differ there; the placeholder before it differs from the address too.
const OWNER = (who: string) => `Café Lune’s owner is ${who}.`;
const HOURS = 'It opens at 08:00 on weekdays.';
const REPLY = `${OWNER(PLACEHOLDER)} ${HOURS}`;
const GROUNDING = {
  queries: ['Café Lune owner', 'Café Lune opening hours'],
  pages: PAGES,
  cites: [
    { text: OWNER(PLACEHOLDER), pages: [0] },
    { text: HOURS, pages: [0, 1] },
  ],
};

type Usage = OpenAI.CompletionUsage & { server_tool_use?: { web_search_requests: number } };

/** The answer as the caller reads it: the address restored, one url_citation per page per passage. */
function expectGrounded(text: string, cited: readonly UrlCitation[], label: string) {
  assert.equal(text, `${OWNER(EMAIL)} ${HOURS}`, `${label}: the text`);
  const spans = cited.map((c) => [text.slice(c.start_index, c.end_index), c.url, c.title]);
  assert.deepEqual(
    spans,
    [
      [OWNER(EMAIL), PAGES[0]?.url, PAGES[0]?.title],
      [HOURS, PAGES[0]?.url, PAGES[0]?.title],
      [HOURS, PAGES[1]?.url, PAGES[1]?.title],
    ],
    `${label}: the passages each page supports, in the caller's text`,
  );
}

async function streamedChat(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
  let text = '';
  let usage: Usage | undefined;
  const cited: UrlCitation[] = [];
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta as
      | { content?: string | null; annotations?: { url_citation: UrlCitation }[] }
      | undefined;
    text += delta?.content ?? '';
    for (const a of delta?.annotations ?? []) cited.push(a.url_citation);
    usage = (chunk.usage as Usage | null) ?? usage;
  }
  return { text, cited, usage };
}

const citationsOf = (annotations: unknown[] | undefined) =>
  (annotations ?? []).map(
    (a) => (a as { url_citation?: UrlCitation }).url_citation ?? (a as UrlCitation),
  );

// Before (decision 184): `web_search_options` to a Gemini model was a 400 (decision 182), and
// Gemini's groundingMetadata never reached a caller.
describe('web_search_options to Gemini is Google Search grounding; its sources are url_citations (decision 184)', () => {
  const { f, sentBody } = useCitationFixture();

  const question = (options: Json = {}, model = MODEL) =>
    ({
      model,
      messages: [{ role: 'user', content: `Who owns Café Lune (${EMAIL}) and when does it open?` }],
      web_search_options: options,
    }) as OpenAI.ChatCompletionCreateParamsNonStreaming;
  const grounded = () =>
    f.mock.enqueue({ reply: REPLY, grounding: GROUNDING, usage: { input: 2_000, output: 40 } });

  test('the request carries googleSearch; the answer carries url_citations in the caller’s characters, whole and streamed; the row records the queries', async () => {
    grounded();
    const whole = await f.openai.chat.completions.create(
      question({
        search_context_size: 'low',
        user_location: { type: 'approximate', approximate: { city: 'Lyon' } },
      }),
      AS_SENT,
    );
    assert.deepEqual(
      sentBody().tools,
      [{ googleSearch: {} }],
      'LiteLLM’s form; size and place have no Gemini field',
    );
    assert.match(JSON.stringify(sentBody().contents), /\[EMAIL_REDACTED_1\]/, 'sanity: redacted');
    assert.ok(
      !JSON.stringify(sentBody()).includes(EMAIL),
      'sanity: the address never reaches Gemini',
    );
    const message = whole.choices[0]?.message;
    expectGrounded(message?.content ?? '', citationsOf(message?.annotations), 'whole');
    assert.equal((whole.usage as Usage).server_tool_use?.web_search_requests, 2, 'the queries');

    grounded();
    const streamed = await streamedChat(
      await f.openai.chat.completions.create(
        { ...question(), stream: true, stream_options: { include_usage: true } },
        AS_SENT,
      ),
    );
    assert.deepEqual(sentBody().tools, [{ googleSearch: {} }]);
    expectGrounded(streamed.text, streamed.cited, 'streamed');
    assert.equal(streamed.usage?.server_tool_use?.web_search_requests, 2, 'streamed usage');

    // genai-prices (0.1.8) lists no Google Search price: the tokens are the cost, the count is kept.
    const model = resolveModel(MODEL);
    assert.ok(model);
    for (const row of await f.logs()) {
      const tokens = { inputTokens: row.tokens_in ?? 0, outputTokens: row.tokens_out ?? 0 };
      assert.ok(Math.abs((row.actual_cost ?? 0) - costOf(model, tokens)) < 1e-12, 'tokens only');
      assert.equal(JSON.parse(row.details ?? '{}').web_searches, 2, 'the queries, in details');
    }
  });

  test('through the Responses API, whole and streamed, the sources are output_text annotations', async () => {
    const input = { model: MODEL, input: `Who owns Café Lune (${EMAIL}) and when does it open?` };
    grounded();
    const part = outputText(await f.openai.responses.create(input, AS_SENT));
    expectGrounded(part.text, part.annotations as UrlCitation[], 'responses, whole');
    grounded();
    const stream = f.openai.responses.stream(input, AS_SENT);
    const added: OpenAI.Responses.ResponseOutputTextAnnotationAddedEvent[] = [];
    stream.on('response.output_text.annotation.added', (e) => added.push(e));
    const final = outputText(await stream.finalResponse());
    expectGrounded(
      final.text,
      added.map((e) => e.annotation as UrlCitation),
      'responses, events',
    );
    expectGrounded(final.text, final.annotations as UrlCitation[], 'responses, final');
  });

  test('a cached grounded answer comes back with its url_citations, whole and replayed, stored whole or streamed', async () => {
    for (const storedStreamed of [false, true]) {
      const label = storedStreamed ? 'stored streamed' : 'stored whole';
      grounded();
      if (storedStreamed) {
        const first = await streamedChat(
          await f.openai.chat.completions.create({ ...question(), stream: true }, REFRESH),
        );
        expectGrounded(first.text, first.cited, label);
      } else {
        const first = (await f.openai.chat.completions.create(question(), REFRESH)).choices[0];
        expectGrounded(
          first?.message.content ?? '',
          citationsOf(first?.message.annotations),
          label,
        );
      }
      await f.server.app.gateway.cache.settled();
      const calls = f.mock.calls.length;
      const hit = (await f.openai.chat.completions.create(question())).choices[0]?.message;
      expectGrounded(hit?.content ?? '', citationsOf(hit?.annotations), `${label}, hit whole`);
      const replay = await streamedChat(
        await f.openai.chat.completions.create({ ...question(), stream: true }),
      );
      expectGrounded(replay.text, replay.cited, `${label}, hit streamed`);
      assert.equal(f.mock.calls.length, calls, `${label}: served from the cache`);
    }
  });

  test('beside the caller’s functions the search is a tool of its own; Gemini 1.5 gets googleSearchRetrieval; a bad size is a 400', async () => {
    const tool = {
      type: 'function' as const,
      function: { name: 'lookup', parameters: { type: 'object', properties: {} } },
    };
    await f.openai.chat.completions.create({ ...question(), tools: [tool] }, AS_SENT);
    assert.deepEqual(sentBody().tools, [
      {
        functionDeclarations: [{ name: 'lookup', parameters: { type: 'object', properties: {} } }],
      },
      { googleSearch: {} },
    ]);
    await f.openai.chat.completions.create(question({}, 'gemini-1.5-flash'), AS_SENT);
    assert.deepEqual(sentBody().tools, [{ googleSearchRetrieval: {} }]);

    const calls = f.mock.calls.length;
    const err = await f.openai.chat.completions
      .create(question({ search_context_size: 'huge' }), AS_SENT)
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError, String(err));
    assert.equal(err.param, 'web_search_options.search_context_size');
    assert.equal(f.mock.calls.length, calls, 'not sent');
  });
});
