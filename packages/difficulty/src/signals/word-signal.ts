import type { Signal } from '../types.ts';
import { WEIGHTS } from '../weights.ts';

/** A signal that fires when its pattern occurs in the text it reads. */
export interface WordSignal {
  reason: string;
  /** Named, not copied, so the table in weights.ts stays the one source of every weight. */
  weight: keyof typeof WEIGHTS;
  pattern: RegExp;
  atLeastMedium?: boolean;
}

export function firstMatch(
  { pattern, weight, ...signal }: WordSignal,
  text: string,
): Signal | null {
  return pattern.test(text) ? { ...signal, weight: WEIGHTS[weight] } : null;
}
