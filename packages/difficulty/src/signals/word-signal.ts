import { patternsFound } from '../pattern-sets.ts';
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

/**
 * The signals of `wordSignals` whose pattern occurs in a text, in list order. The patterns are
 * searched together (pattern-sets.ts): most of them miss on every request, and one regex run per
 * signal found costs far less than one per signal listed.
 */
export function wordSignalsIn(wordSignals: readonly WordSignal[]): (text: string) => Signal[] {
  const found = patternsFound(wordSignals.map((w) => w.pattern));
  // Made once: the scorer only reads its signals, and copying them was a visible share of a call.
  const signalOf = wordSignals.map(
    ({ pattern: _pattern, weight, ...signal }): Signal => ({ ...signal, weight: WEIGHTS[weight] }),
  );
  return (text) => {
    const bits = found(text);
    const signals: Signal[] = [];
    for (let i = 0; bits >> i !== 0; i += 1) {
      const signal = signalOf[i];
      if (bits & (1 << i) && signal) signals.push(signal);
    }
    return signals;
  };
}
