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

/**
 * Claude's rules for extended thinking. `thinking: {type: 'enabled', budget_tokens}`: a budget of
 * at least 1024 below max_tokens, and refused by Opus 4.7 and Claude 5, which think only
 * adaptively. `thinking: {type: 'adaptive'}`: Claude 4.6 and later. `output_config.effort`: low,
 * medium, high, max from Claude 4.6, xhigh from 4.7. Either kind of thinking: no temperature but
 * 1, no top_k, top_p only from 0.95, and no tool_choice that forces a tool. The mock refuses what
 * Claude refuses.
 */
export function checkThinkingConfig(body: Json): MockRefusal | undefined {
  const refuse = (message: string): MockRefusal => ({ status: 400, message });
  const version = claudeVersionOf(str(body.model));
  const effort = (body.output_config as Json | undefined)?.effort;
  if (effort !== undefined) {
    const efforts = version >= 4.7 ? EFFORTS_47 : version >= 4.6 ? EFFORTS_46 : [];
    if (!efforts.includes(str(effort)))
      return refuse(
        `output_config.effort: ${JSON.stringify(effort)} is not supported by this model`,
      );
  }
  const thinking = body.thinking as Json | undefined;
  if (thinking?.type === 'adaptive') {
    if (version < 4.6) return refuse('thinking.type: adaptive is not supported by this model');
  } else if (thinking?.type === 'enabled') {
    if (version >= 4.7)
      return refuse(
        'thinking.type.enabled is not supported for this model. Use thinking.type.adaptive and output_config.effort to control thinking behavior.',
      );
    const budget = thinking.budget_tokens;
    if (typeof budget !== 'number' || budget < 1024)
      return refuse(
        'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024',
      );
    if (typeof body.max_tokens === 'number' && body.max_tokens <= budget)
      return refuse('`max_tokens` must be greater than `thinking.budget_tokens`');
  } else return undefined;
  if (body.temperature !== undefined && body.temperature !== 1)
    return refuse('`temperature` may only be set to 1 when thinking is enabled');
  if (body.top_k !== undefined) return refuse('`top_k` must be unset when thinking is enabled');
  if (typeof body.top_p === 'number' && body.top_p < 0.95)
    return refuse('`top_p` must be greater than or equal to 0.95 when thinking is enabled');
  const choice = (body.tool_choice as Json | undefined)?.type;
  if (choice === 'any' || choice === 'tool')
    return refuse('Thinking may not be enabled when tool_choice forces tool use.');
  return undefined;
}

const EFFORTS_46 = ['low', 'medium', 'high', 'max'];
const EFFORTS_47 = ['low', 'medium', 'high', 'xhigh', 'max'];

/** `claude-opus-4-7`, `claude-sonnet-5-20270101` → 4.7, 5; 0 for older names (`claude-3-7-sonnet`). */
function claudeVersionOf(model: string): number {
  const match = /^claude-(?:opus|sonnet|haiku)-(\d+)(?:-(\d))?(?:-|$)/.exec(model);
  return match ? Number(match[1]) + Number(match[2] ?? 0) / 10 : 0;
}
