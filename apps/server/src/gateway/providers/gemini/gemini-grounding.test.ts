import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UrlCitationAnnotation } from '../../types.ts';
import { META, targetFor, translate } from '../testing/fixtures.ts';
import { geminiAdapter } from './adapter.ts';
import { groundingAnnotations } from './grounding.ts';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const page = { web: { uri: 'https://example.com/p', title: 'P' } };

test('grounding: a segment counts UTF-8 bytes of its part; the annotation counts characters of the content', () => {
  // A thought part (not in the content), then two answer parts; the segment is in the second.
  const first = 'Ça coûte 5 €. ';
  const second = 'Open 🕗 8–20 daily.';
  const cited = 'daily.';
  const res = geminiAdapter.chatResponse(
    {
      candidates: [
        {
          content: { parts: [{ text: 'plan', thought: true }, { text: first }, { text: second }] },
          groundingMetadata: {
            // Google bills distinct queries and ignores empty ones.
            webSearchQueries: ['', 'opening hours', 'opening hours'],
            groundingChunks: [page],
            groundingSupports: [
              {
                segment: {
                  partIndex: 2,
                  startIndex: bytes(second.slice(0, second.indexOf(cited))),
                  endIndex: bytes(second),
                },
                groundingChunkIndices: [0, 0, 7],
              },
              // No startIndex: proto3 JSON leaves the zero out.
              { segment: { partIndex: 1, endIndex: bytes('Ça') }, groundingChunkIndices: [0] },
            ],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4 },
    },
    targetFor('gemini'),
    'chatcmpl-g',
  );
  const message = res.choices[0]?.message;
  const content = message?.content ?? '';
  const spans = (message?.annotations ?? []).map((a) => {
    const c = (a as { url_citation: { start_index: number; end_index: number } }).url_citation;
    return content.slice(c.start_index, c.end_index);
  });
  assert.deepEqual(
    spans,
    [cited, 'Ça'],
    'a page named twice is one annotation; index 7 names none',
  );
  assert.deepEqual(res.usage.server_tool_use, { web_search_requests: 1 });
});

test('grounding: an offset inside a character widens to it; an end past the text stops at its end', () => {
  const text = 'a€b'; // € is 3 bytes: bytes 1..3
  const part = () => ({ text, start: 10 });
  const of = (startIndex: number, endIndex: number) =>
    groundingAnnotations(
      {
        groundingChunks: [page],
        groundingSupports: [{ segment: { startIndex, endIndex }, groundingChunkIndices: [0] }],
      },
      part,
    ).map((a) => [a.url_citation.start_index, a.url_citation.end_index]);
  assert.deepEqual(of(2, 3), [[11, 12]], 'inside €: the whole €');
  assert.deepEqual(of(4, 99), [[12, 13]], 'b, then the end');
  assert.deepEqual(of(3, 2), [], 'an end before its start is skipped');
});

test('grounding: a support that is not an object, or a segment wholly past the text, names no span', () => {
  const part = () => ({ text: 'abc', start: 0 });
  const annotations = groundingAnnotations(
    {
      groundingChunks: [page],
      groundingSupports: [
        null,
        'x',
        { segment: { startIndex: 5, endIndex: 9 }, groundingChunkIndices: [0] },
        { segment: { startIndex: 1, endIndex: 2 }, groundingChunkIndices: [0] },
      ],
    },
    part,
  );
  assert.deepEqual(
    annotations.map((a) => [a.url_citation.start_index, a.url_citation.end_index]),
    [[1, 2]],
  );
});

test('stream: metadata repeated with a wider segment gives one annotation per cited page, the widest, before the finish', () => {
  // Gemini's grounding metadata is a snapshot, like usageMetadata: a later event's replaces it.
  const first = 'Café opens at 8. ';
  const second = 'It shuts at 20.';
  const other = { web: { uri: 'https://example.com/q', title: 'Q' } };
  const metadata = (end: number, withSecond: boolean) => ({
    webSearchQueries: ['cafe hours'],
    groundingChunks: [page, other],
    groundingSupports: [
      { segment: { endIndex: end }, groundingChunkIndices: [0] },
      ...(withSecond
        ? [
            {
              segment: { startIndex: bytes(first), endIndex: bytes(first + second) },
              groundingChunkIndices: [0, 1],
            },
          ]
        : []),
    ],
  });
  const chunks = translate(geminiAdapter.streamTranslator(targetFor('gemini'), META), [
    {
      candidates: [
        {
          content: { parts: [{ text: first }] },
          groundingMetadata: metadata(bytes('Café'), false),
        },
      ],
    },
    {
      candidates: [
        {
          content: { parts: [{ text: second }] },
          groundingMetadata: metadata(bytes('Café opens at 8.'), true),
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 9 },
    },
  ]);
  const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
  const spans = chunks
    .flatMap((c) => (c.choices[0]?.delta.annotations ?? []) as UrlCitationAnnotation[])
    .map((a) => [
      text.slice(a.url_citation.start_index, a.url_citation.end_index),
      a.url_citation.url,
    ]);
  assert.deepEqual(spans, [
    ['Café opens at 8.', page.web.uri],
    [second, page.web.uri],
    [second, other.web.uri],
  ]);
  const at = (has: (c: (typeof chunks)[number]) => unknown) => chunks.findIndex(has);
  assert.ok(
    at((c) => c.choices[0]?.delta.annotations) < at((c) => c.choices[0]?.finish_reason),
    'the annotations come before the finish chunk',
  );
  const queries = chunks.flatMap((c) => c.choices[0]?.delta.web_search_queries ?? []);
  assert.deepEqual(queries, ['cafe hours'], 'each query is written once');
  assert.deepEqual(chunks.at(-1)?.usage?.server_tool_use, { web_search_requests: 1 });
});

test('stream: metadata on an early event only, or on a candidate with no finish reason (written at the end), is still written once', () => {
  const text = 'Open daily.';
  const grounding = {
    groundingChunks: [page],
    groundingSupports: [{ segment: { endIndex: bytes(text) }, groundingChunkIndices: [0] }],
  };
  const run = (events: Record<string, unknown>[]) =>
    translate(geminiAdapter.streamTranslator(targetFor('gemini'), META), events).flatMap(
      (c) => c.choices[0]?.delta.annotations ?? [],
    );
  const early = run([
    { candidates: [{ content: { parts: [{ text }] }, groundingMetadata: grounding }] },
    { candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }] },
  ]);
  assert.equal(early.length, 1);
  const unfinished = run([
    { candidates: [{ content: { parts: [{ text }] }, groundingMetadata: grounding }] },
  ]);
  assert.equal(unfinished.length, 1);
});
