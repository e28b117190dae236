import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type OpenAI from 'openai';
import {
  AS_SENT,
  outputText,
  REFRESH,
  type UrlCitation,
  useCitationFixture,
} from './citation-fixture.ts';

const EMAIL = 'jane.doe@example.com';
const STAFF_URL = 'https://example.com/staff';
/** The mock writes a cited answer as Claude splits one: this lead-in, then the cited block. */
const LEAD_IN = 'According to the document, ';

// Before (decision 179): an OpenAI-format caller asking Claude got Claude's citations only in the
// gateway's own `text_blocks`; a citation naming a web page never became a `url_citation`.
describe('Claude’s citations of web pages reach OpenAI-format callers as url_citation annotations (decision 179)', () => {
  const { f, sentBody } = useCitationFixture();

  /** A client tool's search result, as Chat Completions callers pass Anthropic's block to Claude. */
  const searchResult = (source: string) => ({
    type: 'search_result',
    source,
    title: 'Staff directory',
    content: [{ type: 'text', text: `${EMAIL} works in accounts.` }],
    citations: { enabled: true },
  });

  const question = (source = STAFF_URL) =>
    ({
      model: 'claude-sonnet-4-5',
      messages: [
        {
          role: 'user',
          content: [searchResult(source), { type: 'text', text: `Where is ${EMAIL} listed?` }],
        },
      ],
    }) as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;

  /** The placeholder Claude got for the address (the first of the session). */
  const placeholderOf = async () => {
    await f.openai.chat.completions.create(question(), AS_SENT);
    const sent = JSON.stringify(sentBody().messages);
    const placeholder = /\[EMAIL_REDACTED_\d+\]/.exec(sent)?.[0] ?? '';
    assert.ok(placeholder, `sanity: redacted on the way: ${sent}`);
    assert.ok(!sent.includes(EMAIL), 'sanity: the address never reaches Claude');
    return placeholder;
  };

  const searchCitation = (cited: string) => ({
    type: 'search_result_location',
    source: STAFF_URL,
    title: 'Staff directory',
    cited_text: cited,
    search_result_index: 0,
    start_block_index: 0,
    end_block_index: 1,
  });
  const webCitation = (cited: string) => ({
    type: 'web_search_result_location',
    url: STAFF_URL,
    title: 'Staff directory',
    cited_text: cited,
    encrypted_index: 'Eo8BCioIAhgBIiQ3YTI2',
  });

  /** The cited block is the whole answer after the lead-in, the address restored in it. */
  const expectCited = (text: string, cited: UrlCitation | undefined, label: string) => {
    assert.equal(text, `${LEAD_IN}${EMAIL} is listed on the staff page.`, label);
    assert.ok(cited, `${label}: the annotation came through`);
    assert.equal(cited.url, STAFF_URL, label);
    assert.equal(cited.title, 'Staff directory', label);
    assert.equal(
      text.slice(cited.start_index, cited.end_index),
      `${EMAIL} is listed on the staff page.`,
      label,
    );
  };

  const streamedChat = async (stream: AsyncIterable<OpenAI.ChatCompletionChunk>) => {
    let text = '';
    const cited: UrlCitation[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as
        | { content?: string | null; annotations?: { url_citation: UrlCitation }[] }
        | undefined;
      text += delta?.content ?? '';
      for (const a of delta?.annotations ?? []) cited.push(a.url_citation);
    }
    return { text, cited };
  };

  test('a search result or web page Claude cites is a url_citation over the cited text, whole and streamed, offsets in the restored text', async () => {
    const placeholder = await placeholderOf();
    const reply = `${placeholder} is listed on the staff page.`;
    for (const citation of [searchCitation(`${placeholder} works in accounts.`), webCitation('')]) {
      const label = String(citation.type);
      f.mock.enqueue({ reply, citations: [citation] });
      const whole = (await f.openai.chat.completions.create(question(), AS_SENT)).choices[0]
        ?.message;
      assert.equal(whole?.annotations?.length, 1, `${label}: one annotation`);
      expectCited(whole?.content ?? '', whole?.annotations?.[0]?.url_citation, `${label}, whole`);

      f.mock.enqueue({ reply, citations: [citation] });
      const streamed = await streamedChat(
        await f.openai.chat.completions.create({ ...question(), stream: true }, AS_SENT),
      );
      assert.equal(streamed.cited.length, 1, `${label}: one annotation delta`);
      expectCited(streamed.text, streamed.cited[0], `${label}, streamed`);
    }

    // Responses callers cannot ask Claude to cite (no part of theirs enables citations); the
    // answer's annotations still take the Responses form when there are any.
    const input = { model: 'claude-sonnet-4-5', input: `Where is ${EMAIL} listed?` };
    f.mock.enqueue({ reply, citations: [searchCitation('')] });
    const part = outputText(await f.openai.responses.create(input, AS_SENT));
    expectCited(part.text, part.annotations[0] as UrlCitation, 'responses, whole');
    f.mock.enqueue({ reply, citations: [searchCitation('')] });
    const stream = f.openai.responses.stream(input, AS_SENT);
    const added: OpenAI.Responses.ResponseOutputTextAnnotationAddedEvent[] = [];
    stream.on('response.output_text.annotation.added', (e) => added.push(e));
    const final = outputText(await stream.finalResponse());
    expectCited(final.text, added[0]?.annotation as UrlCitation, 'responses, event');
    expectCited(final.text, final.annotations[0] as UrlCitation, 'responses, final');
  });

  test('a citation without a web address (a document, a search result named otherwise) gives no annotation', async () => {
    const placeholder = await placeholderOf();
    const reply = `${placeholder} is listed on the staff page.`;
    const document = {
      type: 'char_location',
      cited_text: 'works in accounts.',
      document_index: 0,
      document_title: 'Staff',
      start_char_index: 0,
      end_char_index: 18,
    };
    const named = { ...searchCitation(''), source: 'kb:staff-directory' };
    for (const citation of [document, named]) {
      for (const stream of [false, true]) {
        f.mock.enqueue({ reply, citations: [citation] });
        const asked = { ...question('kb:staff-directory'), stream };
        const res = await f.openai.chat.completions.create(asked as never, AS_SENT);
        const text = JSON.stringify(stream ? await streamedChat(res as never) : res);
        assert.ok(!text.includes('url_citation'), `${citation.type}, stream ${stream}: ${text}`);
        assert.ok(text.includes(EMAIL), 'sanity: the answer came back restored');
      }
    }
  });

  test("a cached answer's url_citation comes back whole and replayed as a stream, stored whole or streamed", async () => {
    // The session's first address: what Claude gets and the answer repeats.
    const reply = '[EMAIL_REDACTED_1] is listed on the staff page.';
    for (const storedStreamed of [false, true]) {
      const label = storedStreamed ? 'stored streamed' : 'stored whole';
      f.mock.enqueue({ reply, citations: [searchCitation('')] });
      if (storedStreamed) {
        const first = await streamedChat(
          await f.openai.chat.completions.create({ ...question(), stream: true }, REFRESH),
        );
        expectCited(first.text, first.cited[0], label);
      } else {
        const first = (await f.openai.chat.completions.create(question(), REFRESH)).choices[0]
          ?.message;
        expectCited(first?.content ?? '', first?.annotations?.[0]?.url_citation, label);
      }
      assert.match(JSON.stringify(sentBody().messages), /\[EMAIL_REDACTED_1\]/);
      await f.server.app.gateway.cache.settled();
      const calls = f.mock.calls.length;

      const hit = (await f.openai.chat.completions.create(question())).choices[0]?.message;
      assert.equal(hit?.annotations?.length, 1, `${label}: one annotation on the hit`);
      expectCited(hit?.content ?? '', hit?.annotations?.[0]?.url_citation, `${label}, hit whole`);
      const replay = await streamedChat(
        await f.openai.chat.completions.create({ ...question(), stream: true }),
      );
      assert.equal(replay.cited.length, 1, `${label}: one annotation in the replay`);
      expectCited(replay.text, replay.cited[0], `${label}, hit streamed`);
      assert.equal(f.mock.calls.length, calls, `${label}: served from the cache`);
    }
  });
});
