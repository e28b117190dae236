import type { ChatCompletionResponse, ChatMessage } from './types.ts';

/** Log text is bounded so one huge prompt cannot bloat the log table. */
export const LOG_TEXT_MAX_CHARS = 32_000;

export function contentText(content: ChatMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) =>
      part.type === 'text' && typeof part.text === 'string' ? part.text : `[${part.type}]`,
    )
    .join('\n');
}

/** "role: text" per message: what the dashboard shows as original and optimized text. */
export function messagesText(messages: ChatMessage[]): string {
  return clip(messages.map((m) => `${m.role}: ${contentText(m.content)}`).join('\n'));
}

export function responseText(response: ChatCompletionResponse): string {
  const message = response.choices[0]?.message;
  if (!message) return '';
  const calls = message.tool_calls?.map((c) => `${c.function.name}(${c.function.arguments})`) ?? [];
  return clip([message.content ?? '', ...calls].filter(Boolean).join('\n'));
}

export function clip(text: string): string {
  return text.length > LOG_TEXT_MAX_CHARS ? `${text.slice(0, LOG_TEXT_MAX_CHARS)}…` : text;
}
