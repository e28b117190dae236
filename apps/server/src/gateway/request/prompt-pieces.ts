import type { ProviderId } from '@tokenwise/pricing';
import type { ChatMessage, ContentPart } from '../types.ts';
import { documentTexts } from './document-texts.ts';
import { imagePartTokens, NON_TEXT_PART_TOKENS } from './image-tokens.ts';

export { NON_TEXT_PART_TOKENS } from './image-tokens.ts';

/** What the provider reads in one message, as texts and the tokens of the parts that are not. */
export interface PromptPieces {
  /**
   * The string content or text parts, then the texts no text part carries: those of documents and
   * search results sent to Claude as its own blocks, and the tool calls' JSON.
   */
  texts: string[];
  /**
   * The parts that are not text (images, files, the document and search-result blocks themselves):
   * an image by the provider's rule (decision 175), anything else NON_TEXT_PART_TOKENS. Without a
   * provider, the most any provider's rule gives. The quota settles to the provider's own figure.
   */
  nonTextTokens: number;
}

/**
 * The one reading of a message for the quota estimate and the context-window check, so neither
 * counts less of a prompt than the provider reads (decision 167). A search result or `content`
 * document is a non-text part whose texts ride inside it; both are counted (decision 162), which
 * keeps each figure an upper bound.
 */
export function promptPieces(m: ChatMessage, provider?: ProviderId): PromptPieces {
  const texts: string[] = [];
  let nonTextTokens = 0;
  if (typeof m.content === 'string') texts.push(m.content);
  else if (Array.isArray(m.content))
    for (const part of m.content) {
      if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else nonTextTokens += nonTextPartTokens(part, provider);
    }
  texts.push(...documentTexts(m));
  if (m.tool_calls) texts.push(JSON.stringify(m.tool_calls));
  return { texts, nonTextTokens };
}

function nonTextPartTokens(part: ContentPart, provider: ProviderId | undefined): number {
  if (part.type !== 'image_url') return NON_TEXT_PART_TOKENS;
  const imageUrl = (part as { image_url?: { url?: unknown; detail?: unknown } }).image_url;
  return imagePartTokens(imageUrl, provider);
}
