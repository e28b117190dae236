import type { ChatMessage } from '../../types.ts';
import { contentText } from './content-parts.ts';

export interface Turn<P> {
  side: 'user' | 'assistant';
  parts: P[];
}

/**
 * OpenAI messages → a system prompt plus turns, for providers (Anthropic, Gemini) that keep the
 * system prompt apart and want user and assistant turns to alternate. Tool answers sit on the
 * user side; consecutive messages of one side merge into one turn. Messages are converted in
 * order, so `partsOf` may remember what an earlier message said.
 */
export function toTurns<P>(
  messages: ChatMessage[],
  partsOf: (message: ChatMessage) => P[],
): { system: string | undefined; turns: Turn<P>[] } {
  const system: string[] = [];
  const turns: Turn<P>[] = [];
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = contentText(message.content);
      if (text) system.push(text);
      continue;
    }
    const parts = partsOf(message);
    if (parts.length === 0) continue;
    const side = message.role === 'assistant' ? 'assistant' : 'user';
    const last = turns.at(-1);
    if (last?.side === side) last.parts.push(...parts);
    else turns.push({ side, parts });
  }
  return { system: system.length ? system.join('\n\n') : undefined, turns };
}
