import type {
  ChatCompletionResponse,
  CitedTextBlock,
  ExtraContent,
  ThinkingBlock,
} from '../types.ts';
import { anthropicMessageId, stopReasonFor, toolInput } from './anthropic-stop-reason.ts';
import { type AnthropicUsage, toAnthropicUsage } from './anthropic-usage.ts';

export interface AnthropicMessageResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: (
    | ThinkingBlock
    | { type: 'text'; text: string }
    | CitedTextBlock
    | {
        type: 'tool_use';
        id: string;
        name: string;
        input: Record<string, unknown>;
        extra_content?: ExtraContent;
      }
  )[];
  stop_reason: string;
  stop_sequence: string | null;
  usage: AnthropicUsage;
  context_management?: Record<string, unknown>;
}

/**
 * The canonical answer as an Anthropic Message, named after the model the caller asked for:
 * thinking blocks first (verbatim, signatures intact), then text, then tool calls.
 */
export function toAnthropicResponse(
  resp: ChatCompletionResponse,
  requestedModel: string,
): AnthropicMessageResponse {
  const choice = resp.choices[0];
  const content: AnthropicMessageResponse['content'] = [...(choice?.message.thinking_blocks ?? [])];
  // OpenAI's refusal is Claude's: the reason as text, stop_reason `refusal`.
  const refusal = choice?.message.content ? undefined : choice?.message.refusal || undefined;
  const text = choice?.message.content || refusal;
  // Claude's own text blocks when they cite the caller's documents; their text is `content`.
  const cited = refusal ? undefined : choice?.message.text_blocks;
  if (cited?.length) content.push(...cited);
  else if (text) content.push({ type: 'text', text });
  for (const call of choice?.message.tool_calls ?? []) {
    const input = toolInput(call.function.arguments);
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input,
      // Gemini's thought signature rides on the block; an SDK that sends the content back as it
      // came keeps it, and Gemini 3 refuses the next turn without it.
      ...(call.extra_content ? { extra_content: call.extra_content } : {}),
    });
  }
  // SDK users read content[0].text; an empty answer still gets its (empty) text block.
  if (content.length === 0) content.push({ type: 'text', text: '' });
  const stopSequence = typeof choice?.stop_sequence === 'string' ? choice.stop_sequence : null;
  const message: AnthropicMessageResponse = {
    id: anthropicMessageId(resp.id),
    type: 'message',
    role: 'assistant',
    model: requestedModel,
    content,
    stop_reason: stopSequence
      ? 'stop_sequence'
      : stopReasonFor(refusal ? 'content_filter' : (choice?.finish_reason ?? 'stop')),
    stop_sequence: stopSequence,
    usage: toAnthropicUsage(resp.usage),
  };
  if (resp.context_management) message.context_management = resp.context_management;
  return message;
}
