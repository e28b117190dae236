import { effortBudget } from '../anthropic/reasoning-effort.ts';

/** Every effort word, least first: OpenAI's, with Anthropic's `max` on top. */
const SCALE = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

/** The least effort of `taken` at or above the one asked, else the most it has. */
export function nearestEffort(asked: string, taken: readonly string[]): string | undefined {
  const rank = SCALE.indexOf(asked);
  if (rank < 0) return undefined;
  return taken.find((e) => SCALE.indexOf(e) >= rank) ?? taken.at(-1);
}

/**
 * A thinking budget as an effort: the gateway's own budget for each effort (LiteLLM's 1024, 2048,
 * 4096 for low, medium, high; 8192 and 16384 for xhigh and max) read as the least budget of that
 * effort, so an effort sent to Claude and back is the same word (LiteLLM's thresholds). The budget
 * counts only up to max_tokens: Claude thinks within it, and other providers' reasoning spends the
 * same output room, so a larger effort would leave none for the answer (review of 227).
 */
function effortForBudget(budget: unknown, maxTokens: number): string {
  const tokens = Math.min(typeof budget === 'number' ? budget : 0, maxTokens);
  return (
    ['max', 'xhigh', 'high', 'medium', 'low'].find((e) => tokens >= effortBudget(e)) ?? 'minimal'
  );
}

/** What an Anthropic caller asked of thinking: its `thinking` and `output_config.effort`. */
export interface AnthropicThinking {
  thinking?: { type: string; budget_tokens?: unknown } | undefined;
  effort?: unknown;
  maxTokens: number;
}

/**
 * An Anthropic caller's thinking as one effort word, before any model's own set (decisions 227,
 * 230): `output_config.effort` as the same word; else a budget by LiteLLM's thresholds, adaptive
 * thinking as `medium` (LiteLLM's default), `disabled` as `none` (each provider moves it to the
 * least its model takes). Undefined when the caller asked nothing of it.
 */
export function askedEffort({
  thinking,
  effort,
  maxTokens,
}: AnthropicThinking): string | undefined {
  if (thinking?.type === 'disabled') return 'none';
  if (typeof effort === 'string') return effort;
  if (thinking?.type === 'enabled') return effortForBudget(thinking.budget_tokens, maxTokens);
  if (thinking?.type === 'adaptive') return 'medium';
  return undefined;
}
