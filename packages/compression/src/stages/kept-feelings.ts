// The word that says how the writer feels, where the feeling stays (decision 231). Balanced and
// aggressive drop a feeling that ends its clause (`drop-writers-feeling.ts`); one that goes on
// ("I'm so stressed about the deadline") or that the message may be about stays. The pruner
// scored its state word like any other, and kept the intensifier: "So deadline.", "A because
// bake sale". Kept, the state word reads with what is left: "Stressed about deadline".
import type { LineTokens } from './fact-labels.ts';

/** The states `drop-writers-feeling.ts` knows, one word each ("stressed out" keeps "out"). */
const STATES = new Set(
  'rattled panicking panicked stressed freaking overwhelmed anxious worried nervous'.split(' '),
);
const SPEAKER = new Set(['i’m', "i'm", 'am']);
/** "I feel awful about it": how the writer feels is the word after the verb. */
const FEEL = new Set(['feel', 'felt']);
/** Not a state after "feel": "I feel like", "I feel that", "I feel it". */
const NOT_A_STATE = new Set('like that it this as if the a an so'.split(' '));
const INTENSIFIERS = new Set(
  'so very really honestly a bit little quite pretty totally completely kind sort of kinda sorta seriously super just'.split(
    ' ',
  ),
);
/** What completes the state: "stressed out", "freaking out". */
const PARTICLE = 'out';

/**
 * Indices of the state words of "I'm (so) <state>" in the line, with their intensifiers: where
 * the feeling may be what the message is about, balanced and aggressive keep its degree too,
 * and "A rattled" reads as nothing.
 */
export function feelingWords({ lowered }: LineTokens): Set<number> {
  const keep = new Set<number>();
  for (let i = 0; i < lowered.length; i += 1) {
    const felt = FEEL.has(lowered[i] as string) && lowered[i - 1] === 'i';
    if (!felt && !SPEAKER.has(lowered[i] as string)) continue;
    let j = i + 1;
    // Bounded: at most four intensifiers ("honestly a bit so").
    while (j < i + 5 && INTENSIFIERS.has(lowered[j] ?? '')) j += 1;
    const state = lowered[j] ?? '';
    if (felt ? state === '' || NOT_A_STATE.has(state) : !STATES.has(state)) continue;
    for (let k = i + 1; k <= j; k += 1) keep.add(k);
    if (lowered[j + 1] === PARTICLE) keep.add(j + 1);
  }
  return keep;
}
