import { toDataUrl } from '../providers/shared/data-url.ts';
import type { ChatCompletionRequest, ChatMessage, ContentPart, ToolCall } from '../types.ts';
import {
  type AnthropicContentBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  anthropicRequestSchema,
} from './anthropic-request-schema.ts';
import { parseRequest } from './parse-request.ts';

/**
 * An Anthropic Messages request → the canonical (OpenAI) request. Ignored: metadata, top_k,
 * thinking (and thinking blocks), is_error on tool results; the answer format is restored by
 * toAnthropicResponse / AnthropicStreamWriter.
 */
export function fromAnthropicRequest(body: unknown): ChatCompletionRequest {
  const req = parseRequest(anthropicRequestSchema, body);
  const request: ChatCompletionRequest = {
    model: req.model,
    messages: [...systemMessages(req.system), ...req.messages.flatMap(toChatMessages)],
    max_tokens: req.max_tokens,
  };
  if (req.stream !== undefined) request.stream = req.stream;
  if (req.temperature !== undefined) request.temperature = req.temperature;
  if (req.top_p !== undefined) request.top_p = req.top_p;
  if (req.stop_sequences?.length) request.stop = req.stop_sequences;
  if (req.tools?.length) {
    request.tools = req.tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        parameters: t.input_schema,
      },
    }));
  }
  Object.assign(request, toolChoiceOf(req.tool_choice));
  return request;
}

function systemMessages(system: AnthropicRequest['system']): ChatMessage[] {
  if (system === undefined) return [];
  const text = typeof system === 'string' ? system : system.map((b) => b.text).join('\n');
  return text ? [{ role: 'system', content: text }] : [];
}

function toChatMessages(message: AnthropicMessage): ChatMessage[] {
  const blocks: AnthropicContentBlock[] =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : message.content;
  return message.role === 'assistant' ? [assistantMessage(blocks)] : userMessages(blocks);
}

function assistantMessage(blocks: AnthropicContentBlock[]): ChatMessage {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (block.type === 'text') text += block.text;
    if (block.type === 'tool_use') {
      const call = { name: block.name, arguments: JSON.stringify(block.input) };
      toolCalls.push({ id: block.id, type: 'function', function: call });
    }
  }
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  return { role: 'assistant', content: text || null, tool_calls: toolCalls };
}

/**
 * One Anthropic user turn → OpenAI messages: each tool_result becomes a `tool` message (they must
 * directly follow the assistant's tool calls), the rest one user message. OpenAI tool messages
 * carry text only, so images a tool returned move into that user message.
 */
function userMessages(blocks: AnthropicContentBlock[]): ChatMessage[] {
  const toolMessages: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  const toolImages: ContentPart[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') {
      const content = typeof block.content === 'string' ? [] : (block.content ?? []);
      const text =
        typeof block.content === 'string'
          ? block.content
          : content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
      for (const b of content) if (b.type === 'image') toolImages.push(imagePart(b.source));
      toolMessages.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text });
    } else {
      parts.push(...userParts(block));
    }
  }
  parts.push(...toolImages);
  if (parts.length === 0) return toolMessages;
  const onlyText = parts.every((p) => p.type === 'text');
  const content = onlyText ? parts.map((p) => (p as { text: string }).text).join('\n') : parts;
  return [...toolMessages, { role: 'user', content }];
}

function userParts(block: AnthropicContentBlock): ContentPart[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }];
    case 'image':
      return [imagePart(block.source)];
    case 'document':
      return block.source.type === 'text'
        ? [{ type: 'text', text: block.source.data }]
        : [
            {
              type: 'file',
              file: { file_data: toDataUrl(block.source.media_type, block.source.data) },
            },
          ];
    default:
      // tool_use or thinking blocks in a user turn carry nothing a user message can hold.
      return [];
  }
}

type ImageSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

function imagePart(source: ImageSource): ContentPart {
  const url = source.type === 'url' ? source.url : toDataUrl(source.media_type, source.data);
  return { type: 'image_url', image_url: { url } };
}

function toolChoiceOf(choice: AnthropicRequest['tool_choice']): Partial<ChatCompletionRequest> {
  if (!choice) return {};
  const parallel =
    'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use
      ? { parallel_tool_calls: false }
      : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...parallel };
    case 'any':
      return { tool_choice: 'required', ...parallel };
    case 'tool':
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
    case 'none':
      return { tool_choice: 'none' };
  }
}
