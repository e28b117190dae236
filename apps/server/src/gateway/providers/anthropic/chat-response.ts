import {
  type ChatCompletionResponse,
  type CitedTextBlock,
  GatewayError,
  type ThinkingBlock,
  type ToolCall,
  type UpstreamTarget,
} from '../../types.ts';
import { asObject } from '../shared/http-spec.ts';
import { answerAnnotations } from './citation-annotations.ts';
import { finishFromStopReason } from './finish-reason.ts';
import { anthropicError } from './stream-error.ts';
import { readAnthropicUsage, toTokenUsage } from './usage.ts';

type Choice = ChatCompletionResponse['choices'][number];

/**
 * An Anthropic Message → OpenAI answer: text blocks joined, tool_use blocks as tool_calls,
 * thinking blocks kept verbatim as thinking_blocks, the matched stop sequence as stop_sequence,
 * the text blocks as they came when one cites the caller's documents (decision 141), and the web
 * pages they cite as OpenAI's url_citation annotations (decision 179).
 */
export function fromAnthropicMessage(
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
): ChatCompletionResponse {
  const message = asObject(body, 'Anthropic');
  // Anthropic-compatible proxies can answer 200 with Anthropic's error object: it is that error,
  // not an empty answer (decision 083).
  if (message.type === 'error') throw anthropicError(message);
  const blocks = Array.isArray(message.content)
    ? (message.content as Record<string, unknown>[])
    : [];
  if (!blocks.every((block) => block && typeof block === 'object')) {
    throw new GatewayError(502, 'Anthropic sent an answer the gateway cannot read', 'api_error');
  }
  let text = '';
  const textBlocks: CitedTextBlock[] = [];
  const toolCalls: ToolCall[] = [];
  const thinking: ThinkingBlock[] = [];
  // The queries of the web searches Claude ran, for the Responses API (decision 185).
  const queries: string[] = [];
  for (const block of blocks) {
    const query = (block.input as { query?: unknown } | null | undefined)?.query;
    if (
      block.type === 'server_tool_use' &&
      block.name === 'web_search' &&
      typeof query === 'string'
    )
      queries.push(query);
    if (block.type === 'text' && typeof block.text === 'string') {
      text += block.text;
      textBlocks.push(block as CitedTextBlock);
    }
    if (block.type === 'tool_use') {
      toolCalls.push({
        id: String(block.id),
        type: 'function',
        function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) },
      });
    }
    if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      thinking.push(block as ThinkingBlock);
    }
  }
  const cited = textBlocks.some(isCited);
  // A cited web page is OpenAI's url_citation over the block that cites it (decision 179).
  const annotations = cited ? answerAnnotations(textBlocks) : [];
  const choice: Choice = {
    index: 0,
    message: {
      role: 'assistant',
      content: text || (toolCalls.length ? null : ''),
      ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
      ...(thinking.length ? { thinking_blocks: thinking } : {}),
      ...(cited ? { text_blocks: textBlocks } : {}),
      ...(annotations.length ? { annotations } : {}),
      ...(queries.length ? { web_search_queries: queries } : {}),
    },
    finish_reason: finishFromStopReason(message.stop_reason),
  };
  if (typeof message.stop_sequence === 'string') choice.stop_sequence = message.stop_sequence;
  const response: ChatCompletionResponse = {
    id: requestId,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof message.model === 'string' ? message.model : target.model,
    choices: [choice],
    usage: toTokenUsage(readAnthropicUsage(message.usage)),
  };
  // Context editing's report (beta), whole (decision 227).
  if (isObject(message.context_management))
    response.context_management = message.context_management;
  return response;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const isCited = (block: CitedTextBlock) =>
  Array.isArray(block.citations) && block.citations.length > 0;
