import type { ChatMessage } from '../../types.ts';
import { legacyFunctionsAsTools } from '../shared/legacy-functions.ts';
import { parseToolArguments } from '../shared/tool-arguments.ts';
import { toTurns } from '../shared/turns.ts';
import { type AnthropicBlock, textBlocks, userBlocks, withCacheControl } from './content-blocks.ts';

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
  system: string | AnthropicBlock[] | undefined;
  messages: AnthropicMessage[];
} {
  const { system, turns } = toTurns(legacyFunctionsAsTools(messages), (message) => {
    if (message.role === 'assistant') return assistantBlocks(message);
    if (message.role === 'tool') return [toolResultBlock(message)];
    return userBlocks(message.content);
  });
  return {
    system: systemBlocks(messages) ?? system,
    messages: turns.map((t) => ({ role: t.side, content: t.parts })),
  };
}

/**
 * The system prompt as text blocks when one of its parts carries a prompt-caching breakpoint
 * (a plain string cannot hold one); undefined otherwise, and the joined string is sent.
 */
function systemBlocks(messages: ChatMessage[]): AnthropicBlock[] | undefined {
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer');
  const cached = system.some(
    (m) => Array.isArray(m.content) && m.content.some((p) => p.cache_control),
  );
  return cached ? system.flatMap((m) => textBlocks(m.content)) : undefined;
}

/** Thinking first, as Claude wrote it (signatures intact), then text, then tool calls. */
function assistantBlocks(message: ChatMessage): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [...(message.thinking_blocks ?? [])];
  blocks.push(...textBlocks(message.content));
  for (const call of message.tool_calls ?? []) {
    const input = parseToolArguments(call.function.name, call.function.arguments);
    blocks.push(
      withCacheControl({ type: 'tool_use', id: call.id, name: call.function.name, input }, call),
    );
  }
  return blocks;
}

function toolResultBlock(message: ChatMessage): AnthropicBlock {
  const content =
    typeof message.content === 'string' || message.content == null
      ? (message.content ?? '')
      : userBlocks(message.content);
  const block: AnthropicBlock = {
    type: 'tool_result',
    tool_use_id: message.tool_call_id ?? '',
    content,
  };
  if (typeof message.is_error === 'boolean') block.is_error = message.is_error;
  return withCacheControl(block, message);
}
