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

export function firstMatch(wordSignal: WordSignal, text: string): Signal | null {
  // Tested before the signal is copied: most of the dozens of patterns miss on every request.
  if (!wordSignal.pattern.test(text)) return null;
  const { pattern: _pattern, weight, ...signal } = wordSignal;
  return { ...signal, weight: WEIGHTS[weight] };
}
