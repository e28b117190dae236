import { type ChatCompletionRequest, invalidParam } from '../../types.ts';
import { type KnownEffort, knownEffort } from '../shared/reasoning-effort.ts';

/**
 * OpenAI's `reasoning_effort` as Gemini's `thinkingConfig` (decision 147), the way Google's own
 * OpenAI-compatibility layer reads it (ai.google.dev/gemini-api/docs/openai):
 *
 * - Gemini 2.5 takes a token budget: minimal and low 1024, medium 8192, high 24576 (Google's
 *   figures), xhigh and max the model's ceiling (24576; 32768 on 2.5 Pro); `none` is budget 0,
 *   which 2.5 Pro refuses (it only thinks), so there it is a 400 from the gateway.
 * - Gemini 3 takes a thinking level: Flash knows minimal, low, medium and high; Pro only low and
 *   high, so minimal is low and medium high there. Gemini 3 cannot stop thinking: `none` is its
 *   least level. xhigh and max are high, its most.
 * - Older models (1.5, 2.0, Gemma) do not think: the effort is not sent, as for Claude models
 *   that cannot think (decision 141). The answer means the same; only how long it thought differs.
 *
 * A value the gateway does not know is a 400 (shared with Claude). A caller's own `thinkingConfig`
 * is not a canonical field, so there is nothing to merge with.
 */
export function geminiThinkingConfig(
  req: ChatCompletionRequest,
  model: string,
): Record<string, unknown> | undefined {
  if (req.reasoning_effort === undefined) return undefined;
  const effort = knownEffort(req.reasoning_effort);
  const name = model.replace(/^models\//, '');
  if (/^gemini-3/.test(name)) return { thinkingLevel: gemini3Level(effort, /flash/.test(name)) };
  if (/^gemini-2\.5/.test(name)) return { thinkingBudget: gemini25Budget(effort, name) };
  return undefined;
}

const BUDGETS: Record<Exclude<KnownEffort, 'none' | 'xhigh' | 'max'>, number> = {
  minimal: 1024,
  low: 1024,
  medium: 8192,
  high: 24576,
};

function gemini25Budget(effort: KnownEffort, model: string): number {
  const pro = /^gemini-2\.5-pro/.test(model);
  if (effort === 'none') {
    if (!pro) return 0;
    throw invalidParam(
      'reasoning_effort',
      `${model} cannot turn thinking off: 'reasoning_effort' 'none' is not supported for it. Send 'minimal' for its least thinking, or choose a Gemini 2.5 Flash model.`,
      'invalid_value',
    );
  }
  if (effort === 'xhigh' || effort === 'max') return pro ? 32768 : 24576;
  return BUDGETS[effort];
}

function gemini3Level(effort: KnownEffort, flash: boolean): string {
  if (effort === 'xhigh' || effort === 'max' || effort === 'high') return 'high';
  if (flash) return effort === 'none' ? 'minimal' : effort;
  return effort === 'medium' ? 'high' : 'low';
}
