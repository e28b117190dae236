import type { RequestText } from '../read-request.ts';
import type { DifficultyInput, Signal } from '../types.ts';
import { CUTOFFS, WEIGHTS } from '../weights.ts';

// '2000-word essay', '1,500 words', '3 pages'; a limit ('under 250 words') is not a request.
const LENGTH_ASK =
  /(\b(?:under|below|within|max(?:imum)?|at most|no more than|less than|fewer than|up to)\s+)?\b(\d{1,3}(?:,\d{3})*|\d+)\s*-?\s*(words?|pages?)\b/gi;

/** How long an answer the caller wants, from max_tokens and from the wording. */
export function detectOutputLength(input: DifficultyInput, text: RequestText): Signal[] {
  const signals: Signal[] = [];
  const words = requestedWords(text.instructions);
  if (words >= CUTOFFS.LONG_WORDS) {
    signals.push({ reason: `asks for ~${words} words`, weight: WEIGHTS.longOutput });
  } else if (words >= CUTOFFS.MEDIUM_WORDS) {
    signals.push({ reason: `asks for ~${words} words`, weight: WEIGHTS.mediumOutput });
  }
  const limit = outputLimit(input);
  if (limit) {
    const { name, value } = limit;
    if (value >= CUTOFFS.LONG_MAX_TOKENS) {
      signals.push({ reason: `${name} ${value}`, weight: WEIGHTS.longOutput });
    } else if (value >= CUTOFFS.MEDIUM_MAX_TOKENS) {
      signals.push({ reason: `${name} ${value}`, weight: WEIGHTS.mediumOutput });
    } else if (value <= CUTOFFS.SHORT_MAX_TOKENS) {
      signals.push({ reason: `${name} ${value} caps the answer`, weight: WEIGHTS.shortOutput });
    }
  }
  return signals;
}

// What every LENGTH_ASK match ends with: most prompts lack it, and this test is far cheaper than
// trying LENGTH_ASK's optional limit words at every position.
const AMOUNT_AND_UNIT = /\d\s*-?\s*(?:word|page)/i;

function requestedWords(instructions: string): number {
  if (!AMOUNT_AND_UNIT.test(instructions)) return 0;
  let most = 0;
  for (const match of instructions.matchAll(LENGTH_ASK)) {
    const [, limitWord, amount = '0', unit = ''] = match;
    if (limitWord) continue;
    const count = Number(amount.replaceAll(',', ''));
    const words = unit.toLowerCase().startsWith('page') ? count * CUTOFFS.WORDS_PER_PAGE : count;
    most = Math.max(most, words);
  }
  return most;
}

function outputLimit(input: DifficultyInput): { name: string; value: number } | null {
  if (isPositive(input.max_completion_tokens)) {
    return { name: 'max_completion_tokens', value: input.max_completion_tokens };
  }
  if (isPositive(input.max_tokens)) return { name: 'max_tokens', value: input.max_tokens };
  return null;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
