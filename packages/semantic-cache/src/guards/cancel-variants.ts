// Cancels the changed words of one side that the other side says in another spelling or form.
import { FAILURES } from './failure-words.ts';
import { cancelRedone } from './redone-words.ts';
import { isTypo, isVariant } from './spelling-variants.ts';
import { stemOf } from './word-stem.ts';

/**
 * Drops the words of one side that are spelling variants of a word of the other side, and a
 * compound written as two words on one side ("user name" / "username", "drop down" / "dropdown").
 */
export function cancelVariants(
  onlyA: string[],
  onlyB: string[],
): { onlyA: string[]; onlyB: string[] } {
  const [restA, restB] = cancelCompounds(onlyA, onlyB);
  const [restB2, restA2] = cancelCompounds(restB, restA);
  const { redone: redoneA, said: saidB } = cancelRedone(restA2, restB2);
  const { redone: restB3, said: restA3 } = cancelRedone(saidB, redoneA);
  const variants = cancelPairs(restA3, restB3, isVariantOrDuration);
  // Typos matter only where a few words are left to compare: a pair that differs in more is
  // refused or missed whatever they are, and this is a comparison per word pair.
  if (variants.onlyA.length > TYPO_SIDE_MAX || variants.onlyB.length > TYPO_SIDE_MAX)
    return variants;
  return cancelPairs(variants.onlyA, variants.onlyB, isTypo);
}

/**
 * "How long" (read as "long" by the synonym table) and a unit of time ask one thing (decision
 * 059): "how long should I boil an egg" / "how many minutes do I boil an egg". Without this the
 * length constraint "long" refused them.
 */
export const TIME_UNITS = new Set('second minute hour day week month year'.split(' ').map(stemOf));
const LONG = stemOf('long');

/** A negation and a failure word say one thing (decision 069): "won't start" / "fails to start". */
export const NOT = 'not';
const FAILING = new Set([...FAILURES].map(stemOf));

function isVariantOrDuration(x: string, y: string): boolean {
  return (
    (x === LONG && TIME_UNITS.has(y)) ||
    (y === LONG && TIME_UNITS.has(x)) ||
    (x === NOT && FAILING.has(y)) ||
    (y === NOT && FAILING.has(x)) ||
    isVariant(x, y)
  );
}

/** Changed words per side up to which typos are looked for. */
const TYPO_SIDE_MAX = 4;

/** Drops each word of `a` that `same` pairs with a word of `b`, and that word. */
function cancelPairs(
  a: string[],
  b: string[],
  same: (x: string, y: string) => boolean,
): { onlyA: string[]; onlyB: string[] } {
  const otherB = [...b];
  const kept: string[] = [];
  for (const word of a) {
    const at = otherB.findIndex((other) => same(word, other));
    if (at >= 0) otherB.splice(at, 1);
    else kept.push(word);
  }
  return { onlyA: kept, onlyB: otherB };
}

/** Removes two adjacent words of `split` that make a word of `joined`, and that word. */
function cancelCompounds(split: string[], joined: string[]): [string[], string[]] {
  const restSplit = [...split];
  const restJoined = [...joined];
  for (let i = 0; i + 1 < restSplit.length; i++) {
    const compound = `${restSplit[i]}${restSplit[i + 1]}`;
    const at = restJoined.indexOf(compound);
    if (at < 0) continue;
    restJoined.splice(at, 1);
    restSplit.splice(i, 2);
    i--;
  }
  return [restSplit, restJoined];
}
