import type {
  AnthropicDocumentBlock,
  AnthropicSearchResultBlock,
} from './anthropic-request-schema.ts';

/**
 * What a model other than Claude reads of an Anthropic document or search result: it has no such
 * block, so the title, context or source Claude would read beside the text come first, as text.
 * Left out, a RAG answer would lose where its passages came from (decision 162).
 */

/** The lines naming a document ahead of its text, or '' when it has neither title nor context. */
export function documentHeading(block: AnthropicDocumentBlock): string {
  const lines = [
    block.title ? `Document: ${block.title}` : '',
    block.context ? `Context: ${block.context}` : '',
  ].filter(Boolean);
  return lines.length ? `${lines.join('\n')}\n\n` : '';
}

/** A search result as one text: its title and source, then its passages. */
export function searchResultText(block: AnthropicSearchResultBlock): string {
  const passages = block.content.map((b) => b.text).join('\n\n');
  return `Search result: ${block.title}\nSource: ${block.source}\n\n${passages}`;
}
