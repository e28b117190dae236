import { type OffsetMap, originalIndex } from '@tokenwise/pii';
import { isJsonObject } from '../lib/json-shape.ts';

/** Each plain-text document's placeholders, by `document_index` (stages/redact-pii.ts). */
export type DocumentOffsets = ReadonlyMap<number, OffsetMap>;

/**
 * A Claude citation of a plain-text document (`char_location`) with its character offsets into
 * the caller's document, not the redacted one Claude read (decision 164). Pages and content
 * blocks are counted the same either side; a citation of an unredacted document is as it came.
 */
export function citationInOriginal<T extends { [key: string]: unknown }>(
  citation: T,
  documents: DocumentOffsets | undefined,
): T {
  if (!documents || citation.type !== 'char_location') return citation;
  const index = citation.document_index;
  const map = typeof index === 'number' ? documents.get(index) : undefined;
  const start = citation.start_char_index;
  const end = citation.end_char_index;
  if (!map || typeof start !== 'number' || typeof end !== 'number') return citation;
  return {
    ...citation,
    start_char_index: originalIndex(map, start, 'start'),
    end_char_index: originalIndex(map, end, 'end'),
  };
}

/**
 * OpenAI's annotations of an answer (`url_citation`: `start_index`/`end_index` into the
 * message's text) counted in the answer as restored, where each placeholder the model wrote
 * became the caller's value: `map` is where they were (RedactionSession.restoreOffsets).
 */
export function annotationsInRestored(annotations: unknown[], map: OffsetMap): unknown[] {
  if (map.length === 0) return annotations;
  return annotations.map((annotation) => {
    if (!isJsonObject(annotation)) return annotation;
    const cited = annotation.url_citation;
    if (!isJsonObject(cited)) return annotation;
    const { start_index: start, end_index: end } = cited;
    if (typeof start !== 'number' || typeof end !== 'number') return annotation;
    return {
      ...annotation,
      url_citation: {
        ...cited,
        start_index: originalIndex(map, start, 'start'),
        end_index: originalIndex(map, end, 'end'),
      },
    };
  });
}
