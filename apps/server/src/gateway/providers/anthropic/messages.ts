import type { ChatMessage } from '../../types.ts';
import { contentText } from '../shared/content-parts.ts';
import { parseToolArguments } from '../shared/tool-arguments.ts';
import { toTurns } from '../shared/turns.ts';
import { type AnthropicBlock, userBlocks } from './content-blocks.ts';

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

/**
 * OpenAI messages → Anthropic's top-level system prompt plus user/assistant turns. Tool answers
 * become `tool_result` blocks in a user turn, merged with what follows, since Anthropic pairs each
 * `tool_use` turn with the very next user turn.
 */
export function toAnthropicMessages(messages: ChatMessage[]): {
  system: string | undefined;
  messages: AnthropicMessage[];
} {
  const { system, turns } = toTurns(messages, (message) => {
    if (message.role === 'assistant') return assistantBlocks(message);
    if (message.role === 'tool') return [toolResultBlock(message)];
    return userBlocks(message.content);
  });
  return { system, messages: turns.map((t) => ({ role: t.side, content: t.parts })) };
}

function assistantBlocks(message: ChatMessage): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  const text = contentText(message.content);
  if (text) blocks.push({ type: 'text', text });
  for (const call of message.tool_calls ?? []) {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parseToolArguments(call.function.name, call.function.arguments),
    });
  }
  return blocks;
}

function toolResultBlock(message: ChatMessage): AnthropicBlock {
  const content =
    typeof message.content === 'string' || message.content == null
      ? (message.content ?? '')
      : userBlocks(message.content);
  return { type: 'tool_result', tool_use_id: message.tool_call_id ?? '', content };
}
