import { isJsonObject } from '../../lib/json-shape.ts';
import type { ChatMessage, ContentPart } from '../types.ts';

/**
 * The caller's text inside Anthropic documents and search results, which no text part carries: a
 * document's `title` and `context` (Claude reads both), and the text blocks of a `content` source,
 * which reach Claude inside the document so it can cite them block by block; a search result's
 * `source`, `title` and text blocks likewise. A plain-text document's own text is its text part's
 * (wire/anthropic-turns.ts); its title and context ride on the part's `document`, as a base64
 * PDF's ride on its file part's (decision 166). The PII stage redacts these with the rest of the
 * message (decisions 148, 162), the quota estimate counts them.
 */
interface DocumentFields {
  type?: unknown;
  title?: unknown;
  context?: unknown;
  /** A document's source object; a search result's source is a string (its URL or name). */
  source?: string | { type?: unknown; content?: unknown };
  content?: unknown;
  [field: string]: unknown;
}

const FIELDS = ['source', 'title', 'context'] as const;

/** The texts of a message's documents, in the order `withDocumentTexts` visits them. */
export function documentTexts(m: ChatMessage): string[] {
  if (!Array.isArray(m.content)) return [];
  const texts: string[] = [];
  for (const part of m.content) {
    const document = documentOf(part);
    if (!document) continue;
    visit(document, (text) => {
      texts.push(text);
      return text;
    });
  }
  return texts;
}

/** The message with each document text replaced by `take(text)`, in documentTexts' order. */
export function withDocumentTexts(m: ChatMessage, take: (text: string) => string): ChatMessage {
  if (!Array.isArray(m.content) || !m.content.some((p) => documentOf(p))) return m;
  return {
    ...m,
    content: m.content.map((part): ContentPart => {
      const document = documentOf(part);
      if (!document) return part;
      const next = visit(document, take);
      return part.type === 'text' || part.type === 'file'
        ? { ...part, document: next }
        : (next as ContentPart);
    }),
  };
}

function documentOf(part: ContentPart): DocumentFields | undefined {
  if (part.type === 'document' || part.type === 'search_result') return part as DocumentFields;
  const document = (part as { document?: unknown }).document;
  const carries = part.type === 'text' || part.type === 'file';
  return carries && isJsonObject(document) ? (document as DocumentFields) : undefined;
}

/** The document with `take` applied to each of its texts in order (a copy when any is there). */
function visit(document: DocumentFields, take: (text: string) => string): DocumentFields {
  const next: DocumentFields = { ...document };
  for (const field of FIELDS) {
    const text = document[field];
    if (typeof text === 'string' && text) next[field] = take(text);
  }
  if (document.type === 'search_result')
    return { ...next, content: withBlockTexts(document.content, take) };
  const source = document.source;
  if (typeof source !== 'object' || source.type !== 'content') return next;
  const content = source.content;
  if (typeof content === 'string')
    return { ...next, source: { ...source, content: take(content) } };
  return { ...next, source: { ...source, content: withBlockTexts(content, take) } };
}

/** Content blocks with `take` applied to each text block's text; other blocks as they are. */
function withBlockTexts(content: unknown, take: (text: string) => string): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((block: unknown) =>
    isJsonObject(block) && block.type === 'text' && typeof block.text === 'string'
      ? { ...block, text: take(block.text) }
      : block,
  );
}
