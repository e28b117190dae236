import type { ChatMessage } from '../types.ts';

const carriesAnnotations = (m: ChatMessage) =>
  (Array.isArray(m.annotations) && m.annotations.length > 0) ||
  (m as { web_search_queries?: unknown }).web_search_queries !== undefined;

/**
 * The history without the annotations an earlier OpenAI answer carried: agents send the answer
 * back as the SDK gave it. Their title and url name the caller's values, as the restore stage put
 * them back (decision 176), the url's maybe percent-encoded, which no detector reads. They ask
 * the model nothing (OpenAI's assistant message takes no annotations; Mistral's refuses them), so
 * they are dropped rather than redacted. So are the answer's `web_search_queries` (decision 185),
 * restored too, which an OpenAI-format provider would get as sent. The same array when no
 * message has any.
 */
export function withoutAnswerAnnotations(messages: ChatMessage[]): ChatMessage[] {
  if (!messages.some(carriesAnnotations)) return messages;
  return messages.map((m) => {
    if (!carriesAnnotations(m)) return m;
    const {
      annotations: _dropped,
      web_search_queries: _queries,
      ...message
    } = m as ChatMessage & {
      web_search_queries?: unknown;
    };
    return message as ChatMessage;
  });
}
