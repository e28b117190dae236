import type { ChatCompletionResponse } from '../types.ts';
import { anthropicMessageId, stopReasonFor, toolInput } from './anthropic-stop-reason.ts';

export interface AnthropicMessageResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: (
    | { type: 'text'; text: string }
    | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  )[];
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
}

/** The canonical answer as an Anthropic Message, named after the model the caller asked for. */
export function toAnthropicResponse(
  resp: ChatCompletionResponse,
  requestedModel: string,
): AnthropicMessageResponse {
  const choice = resp.choices[0];
  const content: AnthropicMessageResponse['content'] = [];
  if (choice?.message.content) content.push({ type: 'text', text: choice.message.content });
  for (const call of choice?.message.tool_calls ?? []) {
    const input = toolInput(call.function.arguments);
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input });
  }
  // SDK users read content[0].text; an empty answer still gets its (empty) text block.
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return {
    id: anthropicMessageId(resp.id),
    type: 'message',
    role: 'assistant',
    model: requestedModel,
    content,
    stop_reason: stopReasonFor(choice?.finish_reason ?? 'stop'),
    stop_sequence: null,
    usage: { input_tokens: resp.usage.prompt_tokens, output_tokens: resp.usage.completion_tokens },
  };
}
