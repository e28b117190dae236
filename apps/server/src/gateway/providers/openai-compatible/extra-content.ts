import type { ChatMessage } from '../../types.ts';

/**
 * The messages without Google's `extra_content` (Gemini thought signatures, docs/decisions/003):
 * it only means something to Gemini, and OpenAI-compatible APIs may refuse unknown fields on
 * messages and tool calls.
 */
export function withoutExtraContent(messages: ChatMessage[]): ChatMessage[] {
  return messages.map(({ extra_content: _message, ...message }) =>
    message.tool_calls
      ? {
          ...message,
          tool_calls: message.tool_calls.map(({ extra_content: _call, ...call }) => call),
        }
      : message,
  );
}
