import { countInSlices } from '@tokenwise/pricing';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

// Users paste text such as '<|endoftext|>'; count it as ordinary text instead of throwing.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Tokens of `text` in o200k_base, the encoding of current OpenAI models; long unbroken runs are
 * counted in slices so a hostile prompt cannot block the event loop (see @tokenwise/pricing).
 */
export function countPromptTokens(text: string): number {
  return countInSlices((s) => countTokens(s, PLAIN_TEXT), text);
}
