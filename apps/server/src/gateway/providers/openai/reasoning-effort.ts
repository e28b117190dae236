import { nearestEffort } from '../shared/thinking-effort.ts';

/** OpenAI's reasoning models by name: the o-series and gpt-5 but its `-chat` snapshots. */
const REASONING_MODEL = /^(?:o\d|gpt-5(?!.*-chat))/;

export function isOpenAiReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model);
}

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

/**
 * An Anthropic caller's thinking (as one word, `askedEffort`) as an OpenAI reasoning model's
 * `reasoning_effort` (decision 227), moved to the nearest effort the model takes: `disabled` is
 * the least it takes (`none`, `minimal` or `low`), where LiteLLM sends nothing and the model would
 * reason at its default. Models that take no effort (gpt-4o, `-chat` snapshots) get none.
 */
export function openAiEffort(model: string, asked: string): string | undefined {
  if (!isOpenAiReasoningModel(model)) return undefined;
  return nearestEffort(asked, effortsOf(model));
}
