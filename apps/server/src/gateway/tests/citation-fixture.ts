import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { GatewayFixture } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

/** What the citation tests share (decisions 164, 176, 177): the fixture and the callers' reads. */

export type Json = Record<string, unknown>;
export type UrlCitation = { start_index: number; end_index: number; url: string; title: string };
type Citation = NonNullable<Anthropic.TextBlock['citations']>[number];

/** The page Claude's web search finds in the search tests (decisions 182, 185), and its citation. */
export const TIDE_PAGE = { url: 'https://example.com/tides', title: 'Tide tables' };
export const TIDE_CITATION = {
  type: 'web_search_result_location',
  url: TIDE_PAGE.url,
  title: TIDE_PAGE.title,
  cited_text: 'High water London Bridge 14:05',
  encrypted_index: 'Eo8BCioIAhgBIiQ3YTI2',
};

/** Past the semantic cache and compression: what the provider gets is what redaction left. */
export const AS_SENT = {
  headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' },
};

/** Stored whatever the cache holds: the next request for the same prompt is served from it. */
export const REFRESH = { headers: { 'x-tokenwise-cache': 'refresh' } };

/** The gateway fixture, its mock reset before each test, and the body of the provider's last call. */
export function useCitationFixture(): { f: GatewayFixture; sentBody: () => Json } {
  const f = useGatewayFixture();
  beforeEach(() => f.mock.reset());
  return { f, sentBody: () => f.mock.calls.at(-1)?.body as Json };
}

/** A Chat Completions stream as its caller reads it: the text, and the url_citation a delta carried. */
export async function readChatStream(
  stream: AsyncIterable<OpenAI.ChatCompletionChunk>,
): Promise<{ text: string; cited: UrlCitation | undefined }> {
  let text = '';
  let cited: UrlCitation | undefined;
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta as
      | { content?: string | null; annotations?: { url_citation: UrlCitation }[] }
      | undefined;
    text += delta?.content ?? '';
    cited = delta?.annotations?.[0]?.url_citation ?? cited;
  }
  return { text, cited };
}

/** A Responses answer's output_text part, as its caller reads it. */
export function outputText(
  response: OpenAI.Responses.Response,
): OpenAI.Responses.ResponseOutputText {
  const message = response.output.find((o) => o.type === 'message');
  const part = message?.content[0];
  assert.equal(part?.type, 'output_text');
  return part as OpenAI.Responses.ResponseOutputText;
}

/** Claude's answer to `asked`, whole or streamed: its text and the first citation of its blocks. */
export async function claudeCitation(
  f: GatewayFixture,
  asked: Anthropic.MessageCreateParamsNonStreaming,
  stream: boolean,
  options?: { headers: Record<string, string> },
): Promise<{ text: string; citation: Citation | undefined }> {
  const answer = stream
    ? await f.anthropic.messages.stream(asked, options).finalMessage()
    : await f.anthropic.messages.create(asked, options);
  const texts = answer.content.filter((b): b is Anthropic.TextBlock => b.type === 'text');
  const cited = texts.find((b) => Boolean(b.citations?.length));
  return { text: texts.map((b) => b.text).join(''), citation: cited?.citations?.[0] };
}
