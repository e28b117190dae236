import { effortBudget } from '../anthropic/reasoning-effort.ts';

/** OpenAI's reasoning models by name: the o-series and gpt-5 but its `-chat` snapshots. */
const REASONING_MODEL = /^(?:o\d|gpt-5(?!.*-chat))/;

export function isOpenAiReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model);
}

/** Every effort word, least first: OpenAI's, with Anthropic's `max` on top. */
const SCALE = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

/**
 * The efforts a reasoning model takes, least first (OpenAI's reference): the o-series low to
 * high; gpt-5, its mini and nano add `minimal`; gpt-5.1 takes `none` instead; gpt-5.2 and later
 * add `xhigh`; gpt-5-pro takes only `high`.
 */
function effortsOf(model: string): readonly string[] {
  if (model.startsWith('o')) return ['low', 'medium', 'high'];
  if (model.startsWith('gpt-5-pro')) return ['high'];
  const minor = /^gpt-5\.(\d+)/.exec(model)?.[1];
  if (minor === undefined) return ['minimal', 'low', 'medium', 'high'];
  return Number(minor) >= 2
    ? ['none', 'low', 'medium', 'high', 'xhigh']
    : ['none', 'low', 'medium', 'high'];
}

/** The least effort the model takes at or above the one asked, else its most. */
function nearestEffort(asked: string, taken: readonly string[]): string | undefined {
  const rank = SCALE.indexOf(asked);
  if (rank < 0) return undefined;
  return taken.find((e) => SCALE.indexOf(e) >= rank) ?? taken.at(-1);
}

/**
 * A thinking budget as an effort: the gateway's own budget for each effort (LiteLLM's 1024, 2048,
 * 4096 for low, medium, high; 8192 and 16384 for xhigh and max) read as the least budget of that
 * effort, so an effort sent to Claude and back is the same word (LiteLLM's thresholds). The budget
 * counts only up to max_tokens: Claude thinks within it, and OpenAI's reasoning spends the same
 * `max_completion_tokens`, so a larger effort would leave no room for the answer (review of 227).
 */
function effortForBudget(budget: unknown, maxTokens: number): string {
  const tokens = Math.min(typeof budget === 'number' ? budget : 0, maxTokens);
  return (
    ['max', 'xhigh', 'high', 'medium', 'low'].find((e) => tokens >= effortBudget(e)) ?? 'minimal'
  );
}

/**
 * An Anthropic caller's thinking as an OpenAI reasoning model's `reasoning_effort` (decision 227):
 * `output_config.effort` as the same word; else a budget by LiteLLM's thresholds, and adaptive
 * thinking as `medium` (LiteLLM's default, OpenAI's too); `thinking: {type: 'disabled'}` as the
 * least the model takes (`none`, `minimal` or `low`), where LiteLLM sends nothing and the model would
 * reason at its default. Each is moved to the nearest effort the model takes. Undefined when the
 * caller asked nothing of it.
 */
export function effortFromAnthropic(
  model: string,
  thinking: { type: string; budget_tokens?: unknown } | undefined,
  effort: unknown,
  maxTokens: number,
): string | undefined {
  let asked: string | undefined;
  if (thinking?.type === 'disabled') asked = 'none';
  else if (typeof effort === 'string') asked = effort;
  else if (thinking?.type === 'enabled') asked = effortForBudget(thinking.budget_tokens, maxTokens);
  else if (thinking?.type === 'adaptive') asked = 'medium';
  return asked === undefined ? undefined : nearestEffort(asked, effortsOf(model));
}
