import type { ChatMessage } from '../types.ts';
import { documentTexts } from './document-texts.ts';

/**
 * Images, audio and files are not text: each counts as this many tokens wherever the gateway
 * bounds a prompt before the provider counts it (the quota settles to the provider's figure).
 */
export const NON_TEXT_PART_TOKENS = 1_000;

/** What the provider reads in one message, as texts and a count of parts that are not text. */
export interface PromptPieces {
  /**
   * The string content or text parts, then the texts no text part carries: those of documents and
   * search results sent to Claude as its own blocks, and the tool calls' JSON.
   */
  texts: string[];
  /** Parts that are not text (images, files, the document and search-result blocks themselves). */
  nonTextParts: number;
}

/**
 * The one reading of a message for the quota estimate and the context-window check, so neither
 * counts less of a prompt than the provider reads (decision 167). A search result or `content`
 * document is a non-text part whose texts ride inside it; both are counted (decision 162), which
 * keeps each figure an upper bound.
 */
export function promptPieces(m: ChatMessage): PromptPieces {
  const texts: string[] = [];
  let nonTextParts = 0;
  if (typeof m.content === 'string') texts.push(m.content);
  else if (Array.isArray(m.content))
    for (const part of m.content) {
      if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else nonTextParts++;
    }
  texts.push(...documentTexts(m));
  if (m.tool_calls) texts.push(JSON.stringify(m.tool_calls));
  return { texts, nonTextParts };
}
