import { countWith } from '@tokenwise/pricing';

/**
 * Tokens of `text` in o200k_base, the encoding of current OpenAI models, through the catalog's
 * counter (one tokenizer in memory for the whole process): text such as '<|endoftext|>' counts as
 * ordinary text, and long unbroken runs are counted in slices so a hostile prompt cannot block the
 * event loop (see @tokenwise/pricing).
 */
export function countPromptTokens(text: string): number {
  return countWith('o200k_base', text);
}
