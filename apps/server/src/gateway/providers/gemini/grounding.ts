import type { TokenUsage, UrlCitationAnnotation } from '../../types.ts';

type Json = Record<string, unknown>;

/** A segment's text part: its text, and the character where it starts in the choice's content. */
export type SegmentPart = (partIndex: number) => { text: string; start: number } | undefined;

/**
 * Gemini's Google Search grounding → OpenAI `url_citation`s (decision 184). Each
 * `groundingSupports[]` entry names a segment of the answer and the `groundingChunks` (web pages)
 * that support it; each page becomes one annotation over the segment. The segment's indexes count
 * UTF-8 bytes from the start of its part (Google's `Segment` reference); they become UTF-16
 * characters of the content, the unit OpenAI's indexes and the restore stage count in. `cited`
 * holds what was already written, for streams whose metadata comes more than once.
 */
export function groundingAnnotations(
  metadata: unknown,
  partOf: SegmentPart,
  cited = new Set<string>(),
): UrlCitationAnnotation[] {
  if (!metadata || typeof metadata !== 'object') return [];
  const { groundingChunks, groundingSupports } = metadata as Json;
  const chunks = Array.isArray(groundingChunks) ? (groundingChunks as Json[]) : [];
  const supports = Array.isArray(groundingSupports) ? (groundingSupports as Json[]) : [];
  const charsOf = new Map<number, (byte: number, side: Side) => number>();
  const annotations: UrlCitationAnnotation[] = [];
  for (const support of supports) {
    // A proxy's null or a stray value names nothing; reading its fields would throw mid-answer.
    if (!support || typeof support !== 'object') continue;
    const segment = (support.segment ?? {}) as Json;
    // proto3 JSON leaves zero values out: a segment at the part's start has no startIndex.
    const partIndex = whole(segment.partIndex) ?? 0;
    const startByte = whole(segment.startIndex) ?? 0;
    const endByte = whole(segment.endIndex);
    const part = partOf(partIndex);
    if (!part || endByte === undefined || endByte < startByte) continue;
    let chars = charsOf.get(partIndex);
    if (!chars) {
      chars = byteToChar(part.text);
      charsOf.set(partIndex, chars);
    }
    const start = part.start + chars(startByte, 'start');
    const end = part.start + chars(endByte, 'end');
    // A segment wholly past the text it names (clipped to its end) would cite an empty span.
    if (end <= start) continue;
    const indices = Array.isArray(support.groundingChunkIndices)
      ? support.groundingChunkIndices
      : [];
    for (const index of indices) {
      const web = (chunks[whole(index) ?? -1]?.web ?? {}) as Json;
      if (typeof web.uri !== 'string' || !web.uri) continue;
      const title = typeof web.title === 'string' ? web.title : '';
      const key = `${start}:${end}:${web.uri}\n${title}`;
      if (cited.has(key)) continue;
      cited.add(key);
      annotations.push({
        type: 'url_citation',
        url_citation: { start_index: start, end_index: end, url: web.uri, title },
      });
    }
  }
  return annotations;
}

/**
 * The Google searches a candidate's grounding ran: its distinct non-empty `webSearchQueries`, as
 * Google counts them for billing ("we ignore the empty web search queries when counting unique
 * queries"); Google bills Gemini 3 per query and earlier models per grounded prompt, the gateway
 * counts queries (decision 184). In Gemini's order (decision 185's web_search_call items).
 */
export function webSearchQueries(metadata: unknown): string[] {
  const queries = (metadata as Json | undefined)?.webSearchQueries;
  if (!Array.isArray(queries)) return [];
  return [...new Set(queries.filter((q): q is string => typeof q === 'string' && q !== ''))];
}

/** The usage with the searches kept as decision 182 keeps Claude's (`server_tool_use`). */
export function withSearches(usage: TokenUsage, searches: number): TokenUsage {
  return searches > 0 ? { ...usage, server_tool_use: { web_search_requests: searches } } : usage;
}

type Side = 'start' | 'end';

/**
 * A text's UTF-8 byte offsets → its UTF-16 indexes, walking forward from the last one asked
 * (supports come in answer order). An offset inside a character widens to it: a start to the
 * character's start, an end past it, so a span never cuts a character.
 */
function byteToChar(text: string): (byte: number, side: Side) => number {
  let at = 0;
  let bytes = 0;
  return (byte, side) => {
    if (byte < bytes) {
      at = 0;
      bytes = 0;
    }
    while (at < text.length && bytes < byte) {
      const code = text.codePointAt(at) ?? 0;
      const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      const width = code > 0xffff ? 2 : 1;
      if (bytes + size > byte) return side === 'start' ? at : at + width;
      bytes += size;
      at += width;
    }
    return at;
  };
}

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
