import { LOG_TEXT_MAX_CHARS } from '../../domain/request-log-text.ts';
import type { ChatCompletionResponse, ChatMessage } from '../types.ts';

export function contentText(content: ChatMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) =>
      part.type === 'text' && typeof part.text === 'string' ? part.text : `[${part.type}]`,
    )
    .join('\n');
}

/**
 * "role: text" per message: what the dashboard shows as original and optimized text. Built only up
 * to the clip, so a 20 MB prompt is not copied whole to keep its first 32 K characters.
 */
export function messagesText(messages: ChatMessage[]): string {
  let text = '';
  for (const m of messages) {
    if (text.length > LOG_TEXT_MAX_CHARS) break;
    const line = `${text ? '\n' : ''}${m.role}: `;
    const room = Math.max(0, LOG_TEXT_MAX_CHARS + 1 - text.length - line.length);
    text += line + contentText(m.content).slice(0, room);
  }
  return clip(text);
}

/** The texts of a message's content: the string, or its text parts (what the text stages read). */
export function messageTexts(m: ChatMessage): string[] {
  if (typeof m.content === 'string') return [m.content];
  if (!Array.isArray(m.content)) return [];
  return m.content.flatMap((p) =>
    p.type === 'text' && typeof p.text === 'string' ? [p.text] : [],
  );
}

/** Characters of text in the messages' contents. */
export function promptChars(messages: readonly ChatMessage[]): number {
  let chars = 0;
  for (const m of messages) for (const text of messageTexts(m)) chars += text.length;
  return chars;
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
