import type { ChatMessage } from '../types.ts';

const carriesAnnotations = (m: ChatMessage) =>
  Array.isArray(m.annotations) && m.annotations.length > 0;

/**
 * The history without the annotations an earlier OpenAI answer carried: agents send the answer
 * back as the SDK gave it. Their title and url name the caller's values, as the restore stage put
 * them back (decision 176), the url's maybe percent-encoded, which no detector reads. They ask
 * the model nothing (OpenAI's assistant message takes no annotations; Mistral's refuses them), so
 * they are dropped rather than redacted. The same array when no message has any.
 */
export function withoutAnswerAnnotations(messages: ChatMessage[]): ChatMessage[] {
  if (!messages.some(carriesAnnotations)) return messages;
  return messages.map((m) => {
    if (!carriesAnnotations(m)) return m;
    const { annotations: _dropped, ...message } = m;
    return message as ChatMessage;
  });
}
