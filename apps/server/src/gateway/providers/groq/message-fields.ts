import type { ChatMessage, ContentPart } from '../../types.ts';
import { onlyFields } from '../openai-compatible/developer-role.ts';

/**
 * The message properties Groq's API reference lists per role (the OpenAPI spec its SDKs are made
 * from). Groq answers 400 to any other ("property 'refusal' is unsupported"), and agents send the
 * history back as their SDK gave it: OpenAI's `refusal`, `annotations`, `audio`, DeepSeek's
 * `reasoning_content`, OpenRouter's `reasoning_details`, Anthropic's `cache_control` and
 * `is_error`. A list of what Groq takes, rather than of what it refuses, keeps the next SDK's new
 * field from failing Groq calls too (decision 202).
 */
const MESSAGE_FIELDS: Record<string, readonly string[]> = {
  system: ['role', 'content', 'name'],
  user: ['role', 'content', 'name'],
  assistant: ['role', 'content', 'name', 'reasoning', 'tool_calls', 'function_call'],
  tool: ['role', 'content', 'tool_call_id'],
  function: ['role', 'content', 'name'],
};
const TOOL_CALL_FIELDS = ['id', 'type', 'function'];
const FUNCTION_FIELDS = ['name', 'arguments'];

/** Content parts Groq takes, by type; other types go as sent, for Groq to refuse by name. */
const PART_FIELDS: Record<string, readonly string[]> = {
  text: ['type', 'text'],
  image_url: ['type', 'image_url'],
  document: ['type', 'document'],
};
const IMAGE_URL_FIELDS = ['url', 'detail'];

/** The message as Groq takes it: only the properties its reference lists for the role. */
export function groqMessage(message: ChatMessage): ChatMessage {
  const fields = MESSAGE_FIELDS[message.role];
  if (!fields) return message;
  const kept = onlyFields(message, fields);
  if (Array.isArray(kept.content)) kept.content = kept.content.map(groqPart);
  else if (message.role === 'assistant' && !kept.content && !kept.tool_calls) {
    // OpenAI's refusal is what the model said instead of content, and an audio answer's words
    // are in its transcript; Groq has a field for neither.
    const said = message.refusal || transcriptOf(message);
    if (typeof said === 'string' && said) kept.content = said;
  }
  if (kept.tool_calls) {
    kept.tool_calls = kept.tool_calls.map((call) => {
      const only = onlyFields(call, TOOL_CALL_FIELDS);
      return only.function
        ? { ...only, function: onlyFields(only.function, FUNCTION_FIELDS) }
        : only;
    });
  }
  if (kept.function_call && typeof kept.function_call === 'object') {
    kept.function_call = onlyFields(kept.function_call, FUNCTION_FIELDS);
  }
  return kept;
}

function transcriptOf(message: ChatMessage): unknown {
  const audio = (message as { audio?: unknown }).audio;
  return audio && typeof audio === 'object' ? (audio as { transcript?: unknown }).transcript : '';
}

function groqPart(part: ContentPart): ContentPart {
  // An assistant's refusal written as a part (OpenAI's `{type: 'refusal'}`) is text it said.
  const refusal = (part as { refusal?: unknown }).refusal;
  if ((part.type as string) === 'refusal' && typeof refusal === 'string')
    return { type: 'text', text: refusal };
  const fields = PART_FIELDS[part.type];
  if (!fields) return part;
  const kept = onlyFields(part, fields);
  if (kept.type === 'image_url' && kept.image_url && typeof kept.image_url === 'object') {
    return { ...kept, image_url: onlyFields(kept.image_url, IMAGE_URL_FIELDS) } as ContentPart;
  }
  return kept;
}
