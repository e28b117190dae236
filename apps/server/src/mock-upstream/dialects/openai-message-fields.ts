import { type Json, list, type MockRefusal, str } from './dialect.ts';
import type { OpenAiVendor } from './openai.ts';

/**
 * Mistral and Groq refuse a message property they do not know, where OpenAI ignores it; the mock
 * does the same, so a test proves what the gateway sends them.
 */
export function unknownMessageField(vendor: OpenAiVendor, body: Json): MockRefusal | undefined {
  if (vendor === 'mistral') return mistralExtraInputs(body);
  if (vendor === 'groq') return groqUnsupportedProperty(body);
  return undefined;
}

/** The message fields Mistral's API takes per role; any other is refused (pydantic's `extra_forbidden`). */
const MISTRAL_MESSAGE_FIELDS: Record<string, string[]> = {
  system: ['role', 'content'],
  user: ['role', 'content'],
  assistant: ['role', 'content', 'tool_calls', 'prefix'],
  tool: ['role', 'content', 'tool_call_id', 'name'],
};
const MISTRAL_TOOL_CALL_FIELDS = ['id', 'type', 'function', 'index'];

/** Mistral's 422 for a message field it does not know, as it names one: `body.messages.0.user.name`. */
function mistralExtraInputs(body: Json): MockRefusal | undefined {
  for (const [i, message] of list(body.messages).entries()) {
    const role = str(message.role);
    const allowed = MISTRAL_MESSAGE_FIELDS[role] ?? [];
    const extra = Object.keys(message).find((key) => !allowed.includes(key));
    if (extra)
      return {
        status: 422,
        message: 'Extra inputs are not permitted',
        param: `messages.${i}.${role}.${extra}`,
      };
    for (const [j, call] of list(message.tool_calls).entries()) {
      const extraCall = Object.keys(call).find((key) => !MISTRAL_TOOL_CALL_FIELDS.includes(key));
      if (extraCall)
        return {
          status: 422,
          message: 'Extra inputs are not permitted',
          param: `messages.${i}.${role}.tool_calls.${j}.${extraCall}`,
        };
    }
  }
  return undefined;
}

/** The message properties Groq's API reference lists per role, and per content part type. */
const GROQ_MESSAGE_FIELDS: Record<string, string[]> = {
  system: ['role', 'content', 'name'],
  developer: ['role', 'content', 'name'],
  user: ['role', 'content', 'name', 'tool_call_id'],
  assistant: ['role', 'content', 'name', 'reasoning', 'tool_calls', 'function_call'],
  tool: ['role', 'content', 'tool_call_id'],
  function: ['role', 'content', 'name'],
};
const GROQ_TOOL_CALL_FIELDS = ['id', 'type', 'function'];
const GROQ_PART_FIELDS: Record<string, string[]> = {
  text: ['type', 'text'],
  image_url: ['type', 'image_url'],
  document: ['type', 'document'],
};

/**
 * Groq's 400 for a property it does not know, in its words: `'messages.2' : for 'role:assistant'
 * the following must be satisfied[('messages.2' : property 'refusal' is unsupported)]`.
 */
function groqUnsupportedProperty(body: Json): MockRefusal | undefined {
  const refuse = (i: number, role: string, at: string, key: string): MockRefusal => ({
    status: 400,
    message: `'messages.${i}' : for 'role:${role}' the following must be satisfied[('${at}' : property '${key}' is unsupported)]`,
  });
  for (const [i, message] of list(body.messages).entries()) {
    const role = str(message.role);
    const allowed = GROQ_MESSAGE_FIELDS[role] ?? [];
    const extra = Object.keys(message).find((key) => !allowed.includes(key));
    if (extra) return refuse(i, role, `messages.${i}`, extra);
    for (const [j, call] of list(message.tool_calls).entries()) {
      const key = Object.keys(call).find((k) => !GROQ_TOOL_CALL_FIELDS.includes(k));
      if (key) return refuse(i, role, `messages.${i}.tool_calls.${j}`, key);
    }
    for (const [j, part] of list(message.content).entries()) {
      const fields = GROQ_PART_FIELDS[str(part.type)];
      const key = fields && Object.keys(part).find((k) => !fields.includes(k));
      if (key) return refuse(i, role, `messages.${i}.content.${j}`, key);
    }
  }
  return undefined;
}
