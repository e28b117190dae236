import type { ChatMessage } from '../../types.ts';

/**
 * The messages without what only the gateway or one other provider reads, which agents send back
 * with the history as the SDK gave it: Google's `extra_content` (Gemini thought signatures,
 * docs/decisions/003), and the fields the gateway's own answers add, `thinking_blocks` (Claude's
 * signed thinking), `text_blocks` (Claude's cited blocks) and `web_search_queries`. A turn routed
 * to Claude and the next to an OpenAI-format provider carries them; none asks that provider
 * anything, and strict vendors (Groq) refuse any message field they do not know.
 */
export function withoutExtraContent(messages: ChatMessage[]): ChatMessage[] {
  return messages.map(
    ({
      extra_content: _message,
      thinking_blocks: _thinking,
      text_blocks: _cited,
      web_search_queries: _queries,
      ...message
    }: ChatMessage & { text_blocks?: unknown; web_search_queries?: unknown }) =>
      message.tool_calls
        ? {
            ...message,
            tool_calls: message.tool_calls.map(({ extra_content: _call, ...call }) => call),
          }
        : message,
  );
}
