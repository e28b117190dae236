import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import {
  AS_SENT,
  claudeCitation,
  type Json,
  outputText,
  REFRESH,
  readChatStream,
  type UrlCitation,
  useCitationFixture,
} from './citation-fixture.ts';

const EMAIL = 'jane.doe@example.com';
const PHONE = '+1 415 555 2671';

// Before (decision 176): an OpenAI url_citation's title and url went to the caller as the model
// wrote them, with the placeholders it was given in place of the caller's values.
describe('the texts of citations and annotations come back with the caller’s values (decision 176)', () => {
  const { f, sentBody } = useCitationFixture();

  /** The message of the newest cache entry whose prompt has `words`, as the cache holds it. */
  const storedMessage = async (words: string) => {
    await f.server.app.gateway.cache.settled();
    const row = await f.server.deps.db.kysely
      .selectFrom('cache_entries')
      .select('response')
      .where('query_text', 'like', `%${words}%`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.response) as { choices: { message: Json }[] }).choices[0]?.message ?? {};
  };

  /** The placeholders the provider got for the address and the phone of `question`. */
  const placeholdersOf = async (question: string) => {
    await f.openai.chat.completions.create(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: question }] },
      AS_SENT,
    );
    const sent = JSON.stringify(sentBody().messages);
    const email = /\[EMAIL_REDACTED_\d+\]/.exec(sent)?.[0] ?? '';
    const phone = /\[PHONE_REDACTED_\d+\]/.exec(sent)?.[0] ?? '';
    assert.ok(email && phone, `sanity: both redacted on the way: ${sent}`);
    return { email, phone };
  };

  /**
   * A search model's answer repeating the address, and its url_citation naming both values: the
   * title as text, the url with the address as written and the phone percent-encoded.
   */
  const annotatedAnswer = (email: string, phone: string) => {
    const reply = `${email} is listed on the staff page of example.com.`;
    const start = reply.indexOf('the staff page');
    const annotation = {
      type: 'url_citation',
      url_citation: {
        start_index: start,
        end_index: start + 'the staff page'.length,
        url: `https://example.com/staff?email=${email}&phone=${encodeURIComponent(phone)}`,
        title: `Staff: ${email}, ${phone}`,
      },
    };
    return { reply, annotations: [annotation] };
  };

  /** The caller's citation: its own values, its span "the staff page" of the text it reads. */
  const expectRestored = (text: string, cited: UrlCitation | undefined, label: string) => {
    assert.ok(cited, `${label}: the annotation came through`);
    assert.equal(cited.title, `Staff: ${EMAIL}, ${PHONE}`, label);
    assert.equal(
      cited.url,
      `https://example.com/staff?email=${EMAIL}&phone=${encodeURIComponent(PHONE)}`,
      label,
    );
    assert.ok(text.startsWith(EMAIL), `${label}: ${text}`);
    assert.equal(text.slice(cited.start_index, cited.end_index), 'the staff page', label);
  };

  test("a url_citation's title and url name the caller's values, to Chat Completions and Responses callers, whole and streamed", async () => {
    const question = `Where are ${EMAIL} and ${PHONE} listed?`;
    const { email, phone } = await placeholdersOf(question);
    const answer = annotatedAnswer(email, phone);
    const asked = {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user' as const, content: question }],
    };

    f.mock.enqueue(answer);
    const whole = (await f.openai.chat.completions.create(asked, AS_SENT)).choices[0]?.message;
    expectRestored(whole?.content ?? '', whole?.annotations?.[0]?.url_citation, 'chat, whole');

    f.mock.enqueue(answer);
    const streamed = await readChatStream(
      await f.openai.chat.completions.create({ ...asked, stream: true }, AS_SENT),
    );
    expectRestored(streamed.text, streamed.cited, 'chat, streamed');

    const input = { model: 'openai/gpt-4o-mini', input: question };
    f.mock.enqueue(answer);
    const part = outputText(await f.openai.responses.create(input, AS_SENT));
    expectRestored(part.text, part.annotations[0] as UrlCitation, 'responses, whole');

    f.mock.enqueue(answer);
    const stream = f.openai.responses.stream(input, AS_SENT);
    const added: OpenAI.Responses.ResponseOutputTextAnnotationAddedEvent[] = [];
    stream.on('response.output_text.annotation.added', (e) => added.push(e));
    const final = outputText(await stream.finalResponse());
    expectRestored(final.text, added[0]?.annotation as UrlCitation, 'responses, event');
    expectRestored(final.text, final.annotations[0] as UrlCitation, 'responses, final');

    // An agent sends the answer back with the history, as the SDK gave it: the provider gets
    // neither value, though the url carries one percent-encoded, which no detector reads.
    assert.ok(whole);
    await f.openai.chat.completions.create(
      { ...asked, messages: [...asked.messages, whole, { role: 'user', content: 'Thanks.' }] },
      AS_SENT,
    );
    const history = JSON.stringify(sentBody().messages);
    for (const value of [EMAIL, PHONE, encodeURIComponent(PHONE), encodeURIComponent(EMAIL)]) {
      assert.ok(!history.includes(value), `${value} reached the provider: ${history}`);
    }
  });

  // Before (decision 177): an answer stored from a stream lost its annotations, so its hits had none.
  test("a cached answer's url_citation names the caller's values when replayed, whole and as a stream, stored whole or streamed", async () => {
    const question = `Which page lists ${EMAIL} and ${PHONE}, and where?`;
    // The session's first address and phone: what the provider gets and the answer repeats.
    const answer = annotatedAnswer('[EMAIL_REDACTED_1]', '[PHONE_REDACTED_1]');
    const asked = {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user' as const, content: question }],
    };
    const input = { model: 'openai/gpt-4o-mini', input: question };
    const kept: Json[] = [];
    for (const stream of [false, true]) {
      const label = stream ? 'stored streamed' : 'stored whole';
      f.mock.enqueue(answer);
      const first = stream
        ? await readChatStream(
            await f.openai.chat.completions.create({ ...asked, stream }, REFRESH),
          )
        : await f.openai.chat.completions.create(asked, REFRESH).then(({ choices: [c] }) => ({
            text: c?.message.content ?? '',
            cited: c?.message.annotations?.[0]?.url_citation,
          }));
      assert.match(
        JSON.stringify(sentBody().messages),
        /\[EMAIL_REDACTED_1\].*\[PHONE_REDACTED_1\]/,
      );
      expectRestored(first.text, first.cited, label);
      const { content, annotations } = await storedMessage('Which page lists');
      kept.push({ content, annotations });
      const calls = f.mock.calls.length;

      const hit = (await f.openai.chat.completions.create(asked)).choices[0]?.message;
      expectRestored(hit?.content ?? '', hit?.annotations?.[0]?.url_citation, `${label}, whole`);
      const replay = await readChatStream(
        await f.openai.chat.completions.create({ ...asked, stream: true }),
      );
      expectRestored(replay.text, replay.cited, `${label}, streamed`);
      const part = outputText(await f.openai.responses.create(input));
      expectRestored(part.text, part.annotations[0] as UrlCitation, `${label}, responses`);
      const final = outputText(await f.openai.responses.stream(input).finalResponse());
      expectRestored(final.text, final.annotations[0] as UrlCitation, `${label}, responses.stream`);
      assert.equal(f.mock.calls.length, calls, `${label}: all served from the cache`);
    }
    // The cache holds the answer as the model wrote it (placeholders, offsets into its text),
    // whichever way it came.
    assert.deepEqual(kept[1], kept[0]);
    assert.deepEqual(kept[0]?.annotations, answer.annotations);
  });

  test("Claude's citation quotes, titles and sources name the caller's values, whole, streamed and from the cache", async () => {
    const invoice = `Contact ${EMAIL} about the invoice. The total is 420 EUR.`;
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 200,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: invoice },
              title: `Invoice for ${PHONE}`,
              citations: { enabled: true },
            },
            { type: 'text', text: 'Whom do I contact about the invoice?' },
          ],
        },
      ],
    };
    await f.anthropic.messages.create(asked, AS_SENT);
    const sent = (sentBody().messages as { content: Json[] }[])[0]?.content[0] ?? {};
    const data = String((sent.source as Json).data);
    const email = /\[EMAIL_REDACTED_\d+\]/.exec(data)?.[0] ?? '';
    assert.ok(email, `sanity: redacted on the way: ${data}`);
    const passage = `Contact ${email} about the invoice.`;
    const citation = {
      type: 'char_location',
      cited_text: passage,
      document_index: 0,
      document_title: sent.title,
      start_char_index: data.indexOf(passage),
      end_char_index: data.indexOf(passage) + passage.length,
    };
    const expected = {
      ...citation,
      cited_text: `Contact ${EMAIL} about the invoice.`,
      document_title: `Invoice for ${PHONE}`,
      start_char_index: 0,
      end_char_index: `Contact ${EMAIL} about the invoice.`.length,
    };
    assert.match(String(sent.title), /^Invoice for \[PHONE_REDACTED_\d+\]$/);
    const citationOf = async (stream: boolean, options?: { headers: Record<string, string> }) =>
      (await claudeCitation(f, asked, stream, options)).citation;
    for (const stream of [false, true]) {
      f.mock.enqueue({ reply: `Write to ${email}.`, citations: [citation] });
      assert.deepEqual(await citationOf(stream, AS_SENT), expected, `stream: ${stream}`);
    }

    // Stored whole, then stored from a stream (decision 177): the cache holds the same blocks.
    const kept: unknown[] = [];
    for (const storedStreamed of [false, true]) {
      f.mock.enqueue({ reply: `Write to ${email}.`, citations: [citation] });
      assert.deepEqual(await citationOf(storedStreamed, REFRESH), expected, 'stored');
      kept.push((await storedMessage('Whom do I contact')).text_blocks);
      const calls = f.mock.calls.length;
      for (const stream of [false, true]) {
        const label = `stored streamed: ${storedStreamed}, cached, stream: ${stream}`;
        assert.deepEqual(await citationOf(stream), expected, label);
      }
      assert.equal(f.mock.calls.length, calls, 'sanity: served from the cache');
    }
    assert.deepEqual(kept[1], kept[0]);
  });
});
