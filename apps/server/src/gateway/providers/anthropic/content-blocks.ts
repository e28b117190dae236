import type { ChatMessage, ContentPart } from '../../types.ts';
import { partImageUrl, partText } from '../shared/content-parts.ts';
import { parseDataUrl } from '../shared/data-url.ts';
import { unsupportedPart } from '../shared/unsupported-part.ts';

export type AnthropicBlock = Record<string, unknown>;

/**
 * User content as Anthropic blocks: text, images (base64 or URL), PDF files (base64 or by file id)
 * as documents, and Anthropic's own document and search result blocks.
 */
export function userBlocks(content: ChatMessage['content']): AnthropicBlock[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content.flatMap(partBlock);
}

/** The text of system or assistant content as text blocks, one per part; other parts skipped. */
export function textBlocks(content: ChatMessage['content']): AnthropicBlock[] {
  if (content == null || typeof content === 'string') return userBlocks(content);
  return content.flatMap((part) => (partText(part) === undefined ? [] : partBlock(part)));
}

/** The block with the breakpoint its canonical source (part, tool call, tool…) carries, if any. */
export function withCacheControl(block: AnthropicBlock, source: object): AnthropicBlock {
  const cacheControl = (source as { cache_control?: unknown }).cache_control;
  return cacheControl ? { ...block, cache_control: cacheControl } : block;
}

function partBlock(part: ContentPart): AnthropicBlock[] {
  const text = partText(part);
  const document = (part as { document?: TextDocument }).document;
  if (text !== undefined && document)
    return [withCacheControl(documentBlock(text, document), part)];
  if (text !== undefined) return text ? [withCacheControl({ type: 'text', text }, part)] : [];
  const imageUrl = partImageUrl(part);
  if (imageUrl !== undefined) return [withCacheControl(imageBlock(imageUrl), part)];
  const file = fileData(part);
  if (file) {
    // An Anthropic caller's PDF keeps its title, context and citations (wire/anthropic-turns.ts).
    const pdf = { type: 'document', source: { type: 'base64', ...file }, ...document };
    return [withCacheControl(pdf, part)];
  }
  // A file by id (Chat Completions' `file.file_id`, the Responses API's input_file): a document
  // from Anthropic's Files API, whose ids are Anthropic's own (decision 143).
  const fileId = (part as { file?: { file_id?: unknown } }).file?.file_id;
  if (part.type === 'file' && typeof fileId === 'string')
    return [
      withCacheControl({ type: 'document', source: { type: 'file', file_id: fileId } }, part),
    ];
  // An Anthropic caller's document by URL, file id or content, or search result
  // (wire/anthropic-turns.ts), as written but for the texts redaction replaced.
  if (part.type === 'document' || part.type === 'search_result') return [part];
  throw unsupportedPart('Anthropic', String(part.type));
}

/**
 * What an Anthropic caller's document kept beside its text or PDF (wire/anthropic-turns.ts); a
 * plain-text document's also keeps its source's fields but `data`.
 */
interface TextDocument {
  source?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The document again, its text as redaction and compression left it (decision 143). */
function documentBlock(text: string, document: TextDocument): AnthropicBlock {
  const { source, ...fields } = document;
  return { type: 'document', source: { type: 'text', ...source, data: text }, ...fields };
}

function imageBlock(url: string): AnthropicBlock {
  const inline = parseDataUrl(url);
  if (!inline) return { type: 'image', source: { type: 'url', url } };
  return {
    type: 'image',
    source: { type: 'base64', media_type: inline.mediaType, data: inline.data },
  };
}

/** OpenAI `file` parts carrying a base64 data URL (PDFs). */
function fileData(part: ContentPart): { media_type: string; data: string } | undefined {
  const file = (part as { type: string; file?: { file_data?: unknown } }).file;
  if (part.type !== 'file' || typeof file?.file_data !== 'string') return undefined;
  const inline = parseDataUrl(file.file_data);
  return inline && { media_type: inline.mediaType, data: inline.data };
}
