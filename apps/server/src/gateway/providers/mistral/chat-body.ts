import type { ChatMessage, ToolCall } from '../../types.ts';
import { developerAsSystem, withoutFields } from '../openai-compatible/developer-role.ts';
import { mistralToolCallId } from './tool-call-id.ts';

// OpenAI-only fields Mistral's API refuses as unknown.
const DROPPED_FIELDS = [
  'user',
  'store',
  'metadata',
  'service_tier',
  'logit_bias',
  'logprobs',
  'top_logprobs',
] as const;

/** Mistral names two OpenAI fields differently and is strict about tool call ids. */
export function mistralChatBody(body: Record<string, unknown>): Record<string, unknown> {
  const adapted = developerAsSystem(withoutFields(body, DROPPED_FIELDS));
  if (adapted.seed !== undefined) {
    adapted.random_seed ??= adapted.seed;
    delete adapted.seed;
  }
  if (adapted.max_completion_tokens !== undefined) {
    adapted.max_tokens ??= adapted.max_completion_tokens;
    delete adapted.max_completion_tokens;
  }
  if (Array.isArray(adapted.messages)) {
    adapted.messages = (adapted.messages as ChatMessage[]).map(withMistralToolIds);
  }
  return adapted;
}

function withMistralToolIds(message: ChatMessage): ChatMessage {
  const copy: ChatMessage = { ...message };
  if (copy.tool_call_id) copy.tool_call_id = mistralToolCallId(copy.tool_call_id);
  if (copy.tool_calls) {
    copy.tool_calls = copy.tool_calls.map(
      (call): ToolCall => ({ ...call, id: mistralToolCallId(call.id) }),
    );
  }
  return copy;
}

/** Mistral's embeddings take `output_dimension` where OpenAI takes `dimensions`. */
export function mistralEmbeddingsBody(body: Record<string, unknown>): Record<string, unknown> {
  const { dimensions, user: _user, ...rest } = body;
  return dimensions === undefined ? rest : { ...rest, output_dimension: dimensions };
}
