import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import {
  AS_SENT,
  claudeCitation,
  type Json,
  REFRESH,
  readChatStream,
  useCitationFixture,
} from './citation-fixture.ts';

const INVOICE = 'Contact jane.doe@example.com about the invoice. The total is 420 EUR.';
const TOTAL = 'The total is 420 EUR.';

// Before (decision 164): offsets counted characters of the redacted text Claude read, so a caller
// highlighting the passage in their own document got a span shifted by each placeholder before it.
describe('citation offsets count characters of the caller’s own text (decision 164)', () => {
  const { f, sentBody } = useCitationFixture();

  const document = (data: string, title: string): Anthropic.DocumentBlockParam => ({
    type: 'document',
    source: { type: 'text', media_type: 'text/plain', data },
    title,
    citations: { enabled: true },
  });

  /** A question about these blocks, and the plain-text documents' texts as Claude got them. */
  const askAbout = async (content: Anthropic.ContentBlockParam[]) => {
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 200,
      messages: [{ role: 'user', content }],
    };
    await f.anthropic.messages.create(asked, AS_SENT);
    const blocks = (sentBody().messages as { content: Json[] }[])[0]?.content ?? [];
    const sent = blocks
      .filter((b) => b.type === 'document')
      .map((b) => String((b.source as Json).data ?? ''));
    return { asked, sent };
  };

  /** Claude's citation of `passage` by its offsets into the document it read. */
  const citing = (documentIndex: number, sent: string, passage: string) => {
    const start = sent.indexOf(passage);
    assert.ok(start >= 0, `sanity: "${passage}" is in what Claude read: ${sent}`);
    return {
      type: 'char_location',
      cited_text: passage,
      document_index: documentIndex,
      document_title: 'Invoice',
      start_char_index: start,
      end_char_index: start + passage.length,
    };
  };

  const citationOf = async (
    asked: Anthropic.MessageCreateParamsNonStreaming,
    stream: boolean,
  ): Promise<Anthropic.CitationCharLocation> => {
    const { citation } = await claudeCitation(f, asked, stream, AS_SENT);
    assert.equal(citation?.type, 'char_location');
    return citation as Anthropic.CitationCharLocation;
  };

  test('a passage after a redacted value slices the same text out of the original document, whole or streamed', async () => {
    // The long one is redacted in a worker thread (over 4 K characters): its map comes back too.
    const long = `${'Line of the ledger, nothing personal. '.repeat(120)}${INVOICE}`;
    for (const data of [INVOICE, long]) {
      const { asked, sent } = await askAbout([
        document(data, 'Invoice'),
        { type: 'text', text: 'What is the total?' },
      ]);
      const [invoice = ''] = sent;
      assert.ok(!invoice.includes('jane.doe'), `sanity: redacted on the way: ${invoice}`);
      for (const stream of [false, true]) {
        f.mock.enqueue({ reply: '420 EUR.', citations: [citing(0, invoice, TOTAL)] });
        const citation = await citationOf(asked, stream);
        const { start_char_index: start, end_char_index: end } = citation;
        assert.equal(data.slice(start, end), TOTAL, `stream: ${stream}, ${data.length} chars`);
        assert.equal(citation.cited_text, TOTAL);
      }
    }
  });

  test('offsets inside a placeholder widen to the whole value; the document_index picks the right document', async () => {
    const memo = 'Notes: call +1 415 555 2671 or write to sam@example.org for the refund.';
    const { asked, sent } = await askAbout([
      document('No personal data here.', 'Cover'),
      { type: 'document', source: { type: 'url', url: 'https://example.com/terms.pdf' } },
      document(memo, 'Memo'),
      document(INVOICE, 'Invoice'),
      { type: 'text', text: 'Whom should I contact?' },
    ]);
    const invoice = sent[3] ?? '';
    const placeholder = /Contact (\S+) about/.exec(invoice)?.[1] ?? '';
    assert.match(placeholder, /^\[EMAIL_REDACTED_\d+\]$/);
    // Claude's span starts and ends part-way into the placeholder: the caller's covers the value.
    const quoted = citing(3, invoice, `${placeholder} about the invoice`);
    const partWay = {
      ...quoted,
      cited_text: `${placeholder.slice(3)} about the invoice`,
      start_char_index: quoted.start_char_index + 3,
    };
    const tail = citing(3, invoice, TOTAL);
    const inside = { ...tail, ...citing(3, invoice, placeholder), cited_text: 'REDACTED' };
    inside.start_char_index += 2;
    inside.end_char_index -= 2;
    for (const stream of [false, true]) {
      f.mock.enqueue({ reply: 'Jane.', citations: [partWay] });
      const wide = await citationOf(asked, stream);
      assert.equal(
        INVOICE.slice(wide.start_char_index, wide.end_char_index),
        'jane.doe@example.com about the invoice',
        `stream: ${stream}`,
      );
      f.mock.enqueue({ reply: 'Jane.', citations: [inside] });
      const whole = await citationOf(asked, stream);
      assert.equal(
        INVOICE.slice(whole.start_char_index, whole.end_char_index),
        'jane.doe@example.com',
      );
      // The memo's redactions (a phone, an address) do not move the invoice's offsets.
      const memoText = sent[2] ?? '';
      f.mock.enqueue({ reply: 'Sam.', citations: [citing(2, memoText, 'for the refund.')] });
      const inMemo = await citationOf(asked, stream);
      assert.equal(memo.slice(inMemo.start_char_index, inMemo.end_char_index), 'for the refund.');
    }
  });

  test('an OpenAI url_citation after a value the answer repeats counts characters of the answer the caller reads', async () => {
    const asked = {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user' as const, content: 'Where is jane.doe@example.com listed?' }],
    };
    await f.openai.chat.completions.create(asked, AS_SENT);
    const sent = JSON.stringify(sentBody().messages);
    const placeholder = /\[EMAIL_REDACTED_\d+\]/.exec(sent)?.[0] ?? '';
    assert.ok(placeholder, `sanity: redacted on the way: ${sent}`);
    const reply = `${placeholder} is listed on the staff page of example.com.`;
    const start = reply.indexOf('the staff page');
    const annotation = {
      type: 'url_citation',
      url_citation: {
        start_index: start,
        end_index: start + 'the staff page'.length,
        url: 'https://example.com/staff',
        title: 'Staff',
      },
    };
    f.mock.enqueue({ reply, annotations: [annotation] });
    const answer = await f.openai.chat.completions.create(asked, AS_SENT);
    const message = answer.choices[0]?.message;
    const cited = message?.annotations?.[0]?.url_citation;
    assert.ok(cited && message?.content);
    assert.equal(message.content.slice(cited.start_index, cited.end_index), 'the staff page');

    f.mock.enqueue({ reply, annotations: [annotation] });
    const { text, cited: streamed } = await readChatStream(
      await f.openai.chat.completions.create({ ...asked, stream: true }, AS_SENT),
    );
    assert.ok(text.startsWith('jane.doe@example.com'), text);
    assert.ok(streamed, 'the annotations came through the stream');
    assert.equal(text.slice(streamed.start_index, streamed.end_index), 'the staff page');
  });

  // Before (decision 166): the replay wrote the stored text and no annotations.
  test("a cached answer's url_citation survives its replay as a stream, to Chat Completions and Responses callers", async () => {
    const question = 'On which page is jane.doe@example.com listed, and where?';
    // The session's first address: the placeholder the provider gets and the answer repeats.
    const reply = '[EMAIL_REDACTED_1] is listed on the staff page of example.com.';
    const start = reply.indexOf('the staff page');
    const cited = { start_index: start, end_index: start + 14, url: 'https://example.com/staff' };
    const annotations = [{ type: 'url_citation', url_citation: { ...cited, title: 'Staff' } }];
    f.mock.enqueue({ reply, annotations });
    const stored = await f.openai.chat.completions.create(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: question }] },
      REFRESH,
    );
    assert.ok(stored.choices[0]?.message.annotations?.length, 'sanity: annotated');
    await f.server.app.gateway.cache.settled();
    const calls = f.mock.calls.length;

    const { text, cited: streamed } = await readChatStream(
      await f.openai.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: question }],
        stream: true,
      }),
    );
    assert.equal(f.mock.calls.length, calls, 'sanity: served from the cache');
    assert.ok(text.startsWith('jane.doe@example.com'), text);
    assert.ok(streamed, 'the annotation came through the replay');
    assert.equal(streamed.url, cited.url);
    assert.equal(text.slice(streamed.start_index, streamed.end_index), 'the staff page');

    const response = await f.openai.responses
      .stream({ model: 'openai/gpt-4o-mini', input: question })
      .finalResponse();
    assert.equal(f.mock.calls.length, calls, 'sanity: served from the cache');
    const message = response.output.find((o) => o.type === 'message');
    const part = message?.content[0] as Partial<OpenAI.Responses.ResponseOutputText> | undefined;
    const annotation = part?.annotations?.[0] as
      | OpenAI.Responses.ResponseOutputText.URLCitation
      | undefined;
    assert.ok(annotation, 'the Responses replay carries the annotation');
    assert.equal(
      response.output_text.slice(annotation.start_index, annotation.end_index),
      'the staff page',
    );
  });
});
