import { DEFAULT_THRESHOLDS, type Difficulty, type DifficultyThresholds } from './types.ts';

/**
 * Band edges on the score scale. The token base alone lands in [0, 1) below the simple threshold,
 * [1, 2] between the thresholds and (2, 3] above the complex one, so signal weights read as
 * "fractions of a band".
 */
export const MEDIUM_FROM = 1;
export const COMPLEX_ABOVE = 2;

/** Thresholds come from account settings; reject what the scale cannot represent. */
export function checkThresholds(thresholds: DifficultyThresholds): void {
  const { simple, complex } = thresholds;
  if (!Number.isInteger(simple) || !Number.isInteger(complex) || simple < 0 || complex < 0) {
    throw new RangeError(
      `difficulty thresholds must be non-negative integers (got ${simple}, ${complex})`,
    );
  }
  if (simple > complex) {
    throw new RangeError(`simple threshold ${simple} is above complex threshold ${complex}`);
  }
}

/**
 * Where the prompt length sits on the score scale. Inside each band the base grows linearly with
 * tokens; the outer bands are capped just inside their edges so rounding to two decimals can never
 * move a prompt across a threshold it did not cross.
 */
export function tokenBase(tokens: number, { simple, complex }: DifficultyThresholds): number {
  if (tokens < simple) return Math.min(0.99, tokens / simple);
  if (tokens > complex)
    return COMPLEX_ABOVE + 0.01 + Math.min(0.99, (tokens - complex) / Math.max(1, complex));
  if (complex === simple) return (MEDIUM_FROM + COMPLEX_ABOVE) / 2;
  return MEDIUM_FROM + (tokens - simple) / (complex - simple);
}

/** The token-band reason, e.g. 'prompt 640 tokens > 500'. */
export function describeTokenBand(
  tokens: number,
  { simple, complex }: DifficultyThresholds,
): string {
  if (tokens < simple) return `prompt ${tokens} tokens < ${simple}`;
  if (tokens > complex) return `prompt ${tokens} tokens > ${complex}`;
  return `prompt ${tokens} tokens within ${simple}-${complex}`;
}

export function difficultyOfScore(score: number): Difficulty {
  if (score < MEDIUM_FROM) return 'simple';
  if (score > COMPLEX_ABOVE) return 'complex';
  return 'medium';
}

/** The spec's rule on its own: the band the prompt length falls in, before any signal. */
export function difficultyFromTokens(
  tokens: number,
  thresholds: DifficultyThresholds = DEFAULT_THRESHOLDS,
): Difficulty {
  checkThresholds(thresholds);
  return difficultyOfScore(tokenBase(tokens, thresholds));
}
