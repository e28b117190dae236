import { isJsonObject } from '../../lib/json-shape.ts';
import type { ChatMessage, ContentPart } from '../types.ts';

/** A plain-text document's text: which message, which of its texts (messageTexts' order). */
export interface TextDocumentPlace {
  message: number;
  text: number;
  /** Its `document_index` in Claude's citations. */
  document: number;
}

/**
 * Where the plain-text documents of a request sit, numbered as Claude numbers documents in a
 * citation's `document_index`: every document block of the turns in order, plain text, PDF,
 * content, by URL or by file id alike (the system prompt holds none). The parts that become one
 * are those providers/anthropic/content-blocks.ts writes as documents.
 */
export function textDocumentPlaces(messages: readonly ChatMessage[]): TextDocumentPlace[] {
  const places: TextDocumentPlace[] = [];
  let document = 0;
  messages.forEach((m, message) => {
    if (m.role === 'system' || m.role === 'developer' || !Array.isArray(m.content)) return;
    let text = 0;
    for (const part of m.content) {
      const isText = part.type === 'text' && typeof part.text === 'string';
      if (isText && isJsonObject((part as { document?: unknown }).document))
        places.push({ message, text, document });
      if (isDocument(part)) document += 1;
      if (isText) text += 1;
    }
  });
  return places;
}

function isDocument(part: ContentPart): boolean {
  if (part.type === 'document' || part.type === 'file') return true;
  return part.type === 'text' && isJsonObject((part as { document?: unknown }).document);
}
