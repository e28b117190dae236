import type { ChatMessage, ToolCall } from '../../types.ts';
import {
  developerAsSystem,
  onlyFields,
  withoutFields,
} from '../openai-compatible/developer-role.ts';
import { legacyFunctionParams, legacyFunctionsAsTools } from '../shared/legacy-functions.ts';
import { refuseWebSearchOptions } from '../shared/web-search-options.ts';
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
  refuseWebSearchOptions(body.web_search_options, body.model, 'Mistral');
  const adapted = developerAsSystem(withoutFields(legacyFunctionParams(body), DROPPED_FIELDS));
  if (adapted.seed !== undefined) {
    adapted.random_seed ??= adapted.seed;
    delete adapted.seed;
  }
  if (adapted.max_completion_tokens !== undefined) {
    adapted.max_tokens ??= adapted.max_completion_tokens;
    delete adapted.max_completion_tokens;
  }
  if (Array.isArray(adapted.messages)) {
    // Mistral has no `function` role nor `function_call`: legacy calls go as tool calls.
    adapted.messages = legacyFunctionsAsTools(adapted.messages as ChatMessage[]).map(
      withMistralToolIds,
    );
  }
  return adapted;
}

/**
 * The message fields Mistral's API takes per role; it refuses any other with a 422
 * (`extra_forbidden`). OpenAI's answers carry `refusal` and `annotations`, which agents send back
 * with the history, and callers name speakers with `name`: none changes what Mistral is asked, but
 * each would fail the whole request (decision 147).
 */
const MESSAGE_FIELDS: Record<string, readonly string[]> = {
  system: ['role', 'content'],
  user: ['role', 'content'],
  assistant: ['role', 'content', 'tool_calls', 'prefix'],
  tool: ['role', 'content', 'tool_call_id', 'name'],
};
const TOOL_CALL_FIELDS = ['id', 'type', 'function'] as const;

function mistralMessage(message: ChatMessage): ChatMessage {
  const fields = MESSAGE_FIELDS[message.role];
  if (!fields) return message;
  const kept = onlyFields(message, fields);
  if (kept.tool_calls)
    kept.tool_calls = kept.tool_calls.map((c) => onlyFields(c, TOOL_CALL_FIELDS));
  return kept;
}

function withMistralToolIds(message: ChatMessage): ChatMessage {
  const copy: ChatMessage = mistralMessage(message);
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
