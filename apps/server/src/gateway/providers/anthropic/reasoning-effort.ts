import type { ChatCompletionRequest } from '../../types.ts';
import { claudeVersion } from './claude-version.ts';

/**
 * OpenAI's `reasoning_effort` as Claude's thinking budget, LiteLLM's figures: low 1024, medium
 * 2048, high 4096. Claude takes no budget under 1024, so `minimal` is 1024 too; `none` is none.
 */
const BUDGETS: Record<string, number> = { minimal: 1024, low: 1024, medium: 2048, high: 4096 };
const LEAST_BUDGET = 1024;

/**
 * The extended thinking an OpenAI caller's `reasoning_effort` asks of a Claude model that has it,
 * and the max_tokens to send with it, which Claude wants above the budget. A caller's own
 * max_tokens stays the ceiling (OpenAI counts reasoning in it too): the budget shrinks below it,
 * and where not even the least budget fits there is no thinking. Without one, the answer keeps
 * `answerTokens` beside the budget, as LiteLLM does. A forced tool call cannot go with thinking
 * (Claude refuses it), so there the effort is left unsent as before (decision 141).
 */
export function thinkingForEffort(
  req: ChatCompletionRequest,
  model: string,
  answerTokens: number,
): { thinking: { type: 'enabled'; budget_tokens: number }; maxTokens: number } | undefined {
  const budget = typeof req.reasoning_effort === 'string' && BUDGETS[req.reasoning_effort];
  if (!budget || req.thinking || !hasExtendedThinking(model) || forcesTool(req)) return undefined;
  const ceiling = req.max_tokens ?? req.max_completion_tokens;
  if (ceiling == null) {
    return { thinking: enabled(budget), maxTokens: budget + answerTokens };
  }
  const fitted = Math.min(budget, ceiling - 1);
  return fitted < LEAST_BUDGET ? undefined : { thinking: enabled(fitted), maxTokens: ceiling };
}

const enabled = (budget: number) => ({ type: 'enabled' as const, budget_tokens: budget });

/** Claude 3.7 Sonnet and every Claude 4 or later model think when asked. */
function hasExtendedThinking(model: string): boolean {
  const claude = claudeVersion(model);
  return claude !== undefined && (claude.version >= 4 || model.startsWith('claude-3-7-sonnet'));
}

function forcesTool(req: ChatCompletionRequest): boolean {
  if (!req.tools?.length) return false;
  const choice = req.tool_choice;
  return choice === 'required' || (typeof choice === 'object' && choice !== null);
}
