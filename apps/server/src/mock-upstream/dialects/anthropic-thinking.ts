import { createHash } from 'node:crypto';
import { type Json, list, type MockRefusal, str } from './dialect.ts';

/** The mock's stand-in for Claude's thinking signature: a hash of the thinking text. */
export function thinkingSignature(thinking: string): string {
  return createHash('sha256').update(`mock-thinking:${thinking}`).digest('base64');
}

/**
 * Claude refuses a thinking block whose text no longer matches its signature; so does the mock,
 * so a test sees any change made to a block on its way back.
 */
export function checkThinkingBlocks(messages: Json[]): MockRefusal | undefined {
  for (const [m, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    for (const [b, block] of list(message.content).entries()) {
      if (block.type !== 'thinking') continue;
      if (str(block.signature) !== thinkingSignature(str(block.thinking))) {
        return {
          status: 400,
          message: `messages.${m}.content.${b}: Invalid \`signature\` in \`thinking\` block`,
        };
      }
    }
  }
  return undefined;
}
