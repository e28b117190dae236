import type { ChatCompletionRequest } from '../../types.ts';
import { knownEffort } from '../shared/reasoning-effort.ts';
import { claudeVersion } from './claude-version.ts';

/**
 * OpenAI's `reasoning_effort` as Claude's thinking budget, LiteLLM's figures: low 1024, medium
 * 2048, high 4096. Claude takes no budget under 1024, so `minimal` is 1024 too; `none` is none.
 * OpenAI's `xhigh` and Anthropic's own top word `max` double up from high: 8192 and 16384
 * (decision 143; LiteLLM names no budget for them).
 */
const BUDGETS: Record<string, number> = {
  minimal: 1024,
  low: 1024,
  medium: 2048,
  high: 4096,
  xhigh: 8192,
  max: 16384,
};
const LEAST_BUDGET = 1024;

/**
 * The thinking budget an effort adds to the max_tokens Claude is sent when the caller set none:
 * what the routing check keeps room for (decision 169). 0 for `none` and for values the request
 * check refuses anyway.
 */
export function effortBudget(asked: unknown): number {
  return typeof asked === 'string' ? (BUDGETS[asked] ?? 0) : 0;
}

type Thinking = { type: 'enabled'; budget_tokens: number } | { type: 'adaptive' };

/** What a Claude request sends for a `reasoning_effort`. */
export interface EffortThinking {
  thinking: Thinking;
  maxTokens: number;
  /** Adaptive thinking's `output_config.effort` (Claude 4.6 and later). */
  effort?: string;
}

/**
 * The extended thinking an OpenAI caller's `reasoning_effort` asks of a Claude model that has it,
 * and the max_tokens to send with it. Claude 4.6 and later think adaptively: `thinking: {type:
 * 'adaptive'}` with Anthropic's effort word (Opus 4.7 and Claude 5 take nothing else; 4.6 still
 * takes a budget, but as deprecated). Earlier models take a budget, which Claude wants below
 * max_tokens. A caller's own max_tokens stays the ceiling (OpenAI counts reasoning in it too): a
 * budget shrinks below it, and where not even the least budget fits there is no thinking. Without
 * one, the answer keeps `answerTokens` beside the budget, as LiteLLM does (adaptive models: beside
 * the budget the effort would have had). A forced tool call cannot go with thinking (Claude
 * refuses it), so there the effort is left unsent as before (decision 141). A value the gateway
 * does not know is a 400 naming the ones it does (decision 143).
 */
export function thinkingForEffort(
  req: ChatCompletionRequest,
  model: string,
  answerTokens: number,
): EffortThinking | undefined {
  const asked = req.reasoning_effort;
  if (asked === undefined) return undefined;
  const effort = knownEffort(asked);
  const budget = BUDGETS[effort];
  const claude = claudeVersion(model);
  if (!budget || req.thinking || !hasExtendedThinking(model, claude) || forcesTool(req))
    return undefined;
  const ceiling = req.max_tokens ?? req.max_completion_tokens;
  if (claude && claude.version >= ADAPTIVE_FROM) {
    return {
      thinking: { type: 'adaptive' },
      maxTokens: ceiling ?? budget + answerTokens,
      effort: adaptiveEffort(effort, claude.version),
    };
  }
  if (ceiling == null) {
    return { thinking: enabled(budget), maxTokens: budget + answerTokens };
  }
  const fitted = Math.min(budget, ceiling - 1);
  return fitted < LEAST_BUDGET ? undefined : { thinking: enabled(fitted), maxTokens: ceiling };
}

/** Claude 4.6 brought adaptive thinking; 4.7 and Claude 5 refuse a budget. */
const ADAPTIVE_FROM = 4.6;
/** Anthropic's `xhigh` effort came with Opus 4.7; 4.6 takes low, medium, high and max. */
const XHIGH_FROM = 4.7;

/**
 * Anthropic's effort words: low, medium, high, xhigh (4.7 and later), max. OpenAI's `minimal` is
 * Anthropic's `low`, its least; `xhigh` on 4.6 is `high`, the nearest below (not `max`, which
 * would cost more than was asked).
 */
function adaptiveEffort(asked: string, version: number): string {
  if (asked === 'minimal') return 'low';
  if (asked === 'xhigh' && version < XHIGH_FROM) return 'high';
  return asked;
}

const enabled = (budget: number) => ({ type: 'enabled' as const, budget_tokens: budget });

/** Claude 3.7 Sonnet and every Claude 4 or later model think when asked. */
function hasExtendedThinking(model: string, claude = claudeVersion(model)): boolean {
  return claude !== undefined && (claude.version >= 4 || model.startsWith('claude-3-7-sonnet'));
}

function forcesTool(req: ChatCompletionRequest): boolean {
  if (!req.tools?.length) return false;
  const choice = req.tool_choice;
  return choice === 'required' || (typeof choice === 'object' && choice !== null);
}
