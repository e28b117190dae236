import { isJsonObject } from '../../lib/json-shape.ts';
import { toDataUrl } from '../providers/shared/data-url.ts';
import {
  type CacheControl,
  type ChatMessage,
  type ContentPart,
  type ExtraContent,
  GatewayError,
  type ThinkingBlock,
  type ToolCall,
} from '../types.ts';
import { documentHeading, searchResultText } from './anthropic-reference-text.ts';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicToolResultBlock,
} from './anthropic-request-schema.ts';

/**
 * How much of Anthropic's form to keep. `native` (the request goes to Anthropic): content stays
 * block by block with its cache_control, thinking blocks ride on the assistant message, tool
 * results keep is_error and their images. Otherwise only what OpenAI's shape can hold.
 */
export interface TurnOptions {
  native: boolean;
}

/** One Anthropic message → canonical messages (a user turn may give several). */
export function toChatMessages(message: AnthropicMessage, opts: TurnOptions): ChatMessage[] {
  if (typeof message.content === 'string')
    return [{ role: message.role, content: message.content }];
  return message.role === 'assistant'
    ? [assistantMessage(message.content, opts)]
    : userMessages(message.content, opts);
}

/** The block's prompt-caching breakpoint, when it has one and the request goes to Anthropic. */
export function cacheControlOf(
  block: { cache_control?: CacheControl | null },
  opts: TurnOptions,
): { cache_control?: CacheControl } {
  return opts.native && block.cache_control ? { cache_control: block.cache_control } : {};
}

function assistantMessage(blocks: AnthropicContentBlock[], opts: TurnOptions): ChatMessage {
  const parts: ContentPart[] = [];
  const toolCalls: ToolCall[] = [];
  const thinking: ThinkingBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'text')
      parts.push({ type: 'text', text: block.text, ...cacheControlOf(block, opts) });
    if (block.type === 'tool_use') {
      const call = { name: block.name, arguments: JSON.stringify(block.input) };
      const extra = (block as { extra_content?: unknown }).extra_content;
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: call,
        ...cacheControlOf(block, opts),
        // A Gemini thought signature this gateway put on the block when it answered.
        ...(isJsonObject(extra) ? { extra_content: extra as ExtraContent } : {}),
      });
    }
    // Verbatim: Claude checks the signature when the block comes back.
    if (opts.native && (block.type === 'thinking' || block.type === 'redacted_thinking')) {
      thinking.push(block as ThinkingBlock);
    }
  }
  const message: ChatMessage = {
    role: 'assistant',
    content: assistantContent(parts, toolCalls, opts),
  };
  if (toolCalls.length) message.tool_calls = toolCalls;
  if (thinking.length) message.thinking_blocks = thinking;
  return message;
}

function assistantContent(
  parts: ContentPart[],
  toolCalls: ToolCall[],
  opts: TurnOptions,
): ChatMessage['content'] {
  if (parts.length === 0) return toolCalls.length ? null : '';
  return opts.native ? parts : parts.map((p) => (p as { text: string }).text).join('');
}

/**
 * One Anthropic user turn → canonical messages: each tool_result becomes a `tool` message (they
 * must directly follow the assistant's tool calls), the rest one user message. OpenAI tool
 * messages carry text only, so unless the request goes to Anthropic, images and PDFs a tool
 * returned move into that user message and the turn's text is joined into one string.
 */
function userMessages(blocks: AnthropicContentBlock[], opts: TurnOptions): ChatMessage[] {
  const toolMessages: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  const moved: ContentPart[] = [];
  for (const block of blocks) {
    if (block.type !== 'tool_result') {
      parts.push(...userParts(block, opts));
      continue;
    }
    const { message, nonText } = toolMessage(block, opts);
    toolMessages.push(message);
    moved.push(...nonText);
  }
  parts.push(...moved);
  if (parts.length === 0) return toolMessages;
  const onlyText = parts.every((p) => p.type === 'text');
  const content =
    onlyText && !opts.native ? parts.map((p) => (p as { text: string }).text).join('\n') : parts;
  return [...toolMessages, { role: 'user', content }];
}

/**
 * A tool_result as a `tool` message, plus what must move out of it (see above). Its blocks are
 * read as the same blocks in a user turn are: documents and search results too (decision 162).
 */
function toolMessage(
  block: AnthropicToolResultBlock,
  opts: TurnOptions,
): { message: ChatMessage; nonText: ContentPart[] } {
  const message: ChatMessage = {
    role: 'tool',
    tool_call_id: block.tool_use_id,
    content: '',
    ...cacheControlOf(block, opts),
  };
  if (opts.native && block.is_error !== undefined) message.is_error = block.is_error;
  if (typeof block.content === 'string')
    return { message: { ...message, content: block.content }, nonText: [] };
  const parts = (block.content ?? []).flatMap((b) => userParts(b, opts));
  if (opts.native) return { message: { ...message, content: parts }, nonText: [] };
  const text = parts.flatMap((p) => (p.type === 'text' ? [(p as { text: string }).text] : []));
  const nonText = parts.filter((p) => p.type !== 'text');
  return { message: { ...message, content: text.join('\n') }, nonText };
}

function userParts(block: AnthropicContentBlock, opts: TurnOptions): ContentPart[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text, ...cacheControlOf(block, opts) }];
    case 'image':
      return [imagePart(block, opts)];
    // Its texts reach Claude inside the block, redacted there (request/document-texts.ts).
    case 'search_result':
      return [
        opts.native ? (block as ContentPart) : { type: 'text', text: searchResultText(block) },
      ];
    case 'document': {
      const cache = cacheControlOf(block, opts);
      const { source } = block;
      if (source.type === 'text') return [textDocument(block, source.data, opts)];
      // Elsewhere than Claude, the title and context go ahead of the document as text.
      const heading = opts.native ? '' : documentHeading(block);
      const headed = (parts: ContentPart[]): ContentPart[] =>
        heading ? [{ type: 'text', text: heading.trimEnd() }, ...parts] : parts;
      // Its text blocks reach Claude inside the document, redacted there
      // (request/document-texts.ts); elsewhere they are the document's text and images.
      if (source.type === 'content') {
        if (opts.native) return [block as ContentPart];
        if (typeof source.content === 'string')
          return headed([{ type: 'text', text: source.content }]);
        return headed(source.content.flatMap((b) => userParts(b, opts)));
      }
      if (source.type === 'base64') {
        const file = {
          type: 'file',
          file: { file_data: toDataUrl(source.media_type, source.data) },
        };
        // To Claude the part keeps the block's title, context and citations, as a text document's does.
        const fields = documentFields(block);
        const document = opts.native && Object.keys(fields).length > 0 ? { document: fields } : {};
        return headed([{ ...file, ...document, ...cache }]);
      }
      // By URL or file id: Claude's adapter sends the block as written (title, citations…).
      if (opts.native) return [block as ContentPart];
      throw new GatewayError(
        400,
        `documents with a '${source.type}' source are sent to Claude models only; send the PDF as base64 for other models`,
        'invalid_request_error',
      );
    }
    default:
      // tool_use or thinking blocks in a user turn carry nothing a user message can hold.
      return [];
  }
}

/**
 * A plain-text document as a text part, so redaction, compression, the cache and the log read its
 * text as they read any other. To Claude the part keeps the rest of the block (`document`: title,
 * context, citations, the source's media type), from which the adapter writes the document again:
 * flattened, Claude could not cite it (decision 143).
 */
function textDocument(
  block: Extract<AnthropicContentBlock, { type: 'document' }>,
  data: string,
  opts: TurnOptions,
): ContentPart {
  if (!opts.native) return { type: 'text', text: documentHeading(block) + data };
  const part = { type: 'text', text: data, ...cacheControlOf(block, opts) };
  const { type: _kind, data: _data, ...sourceFields } = block.source as Record<string, unknown>;
  return { ...part, document: { ...documentFields(block), source: sourceFields } };
}

/** What a document block holds beside its source and breakpoint: title, context, citations… */
function documentFields(
  block: Extract<AnthropicContentBlock, { type: 'document' }>,
): Record<string, unknown> {
  const { type: _type, source: _source, cache_control: _cache, ...fields } = block;
  return fields;
}

function imagePart(block: AnthropicImageBlock, opts: TurnOptions): ContentPart {
  const { source } = block;
  const url = source.type === 'url' ? source.url : toDataUrl(source.media_type, source.data);
  return { type: 'image_url', image_url: { url }, ...cacheControlOf(block, opts) };
}
