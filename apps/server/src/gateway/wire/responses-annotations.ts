import { isJsonObject } from '../../lib/json-shape.ts';

/** A Responses API `url_citation` annotation of an `output_text` part. */
export interface UrlCitation {
  type: 'url_citation';
  start_index: number;
  end_index: number;
  url: string;
  title: string;
}

/**
 * Chat Completions annotations (`{type: 'url_citation', url_citation: {…}}`, already counted in
 * the restored text) in the Responses API's flat shape. Chat Completions has no other kind; one
 * that is not a whole url_citation has no Responses form and is left out.
 */
export function toResponsesAnnotations(annotations: unknown): UrlCitation[] {
  if (!Array.isArray(annotations)) return [];
  return annotations.flatMap((annotation: unknown): UrlCitation[] => {
    if (!isJsonObject(annotation) || annotation.type !== 'url_citation') return [];
    const cited = annotation.url_citation;
    if (!isJsonObject(cited)) return [];
    const { start_index: start, end_index: end, url, title } = cited;
    if (typeof start !== 'number' || typeof end !== 'number' || typeof url !== 'string') return [];
    const name = typeof title === 'string' ? title : '';
    return [{ type: 'url_citation', start_index: start, end_index: end, url, title: name }];
  });
}
