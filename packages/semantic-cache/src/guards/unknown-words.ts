// Decision 250: around a shared text (decision 054) the folding rules read a word no known word
// stems to as a typo or a form of a word one slip away. Two made-up words ("qwertyz" / "qwertz"),
// two IDs or two names a letter apart are two words: nothing says either is a slip.
import { isKnownStem, isSameWord } from './spelling-variants.ts';
import { diffTerms } from './term-diff.ts';

/** A term written as a word: canonical markers ("<request>", "sym:@") are no word to look up. */
const WRITTEN = /^[\p{L}\p{N}]+$/u;
/** A number is the number guard's to compare ("3" / "three"). */
const NUMBER = /^\d+$/;

/**
 * Whether a term unknown to the word vectors on one side is read as one slip of a term unknown on
 * the other ("qwertyz" / "qwertz", "blorfix" / "blorfx"): the typo rule forgives a slip when
 * either spelling is unknown, which is right for "problms" / "problems" but says nothing when both
 * are. A one-sided unknown word with no such twin is left to the other rules: paraphrases carry
 * typos and shorthand of their own ("pls", "teh") that the other prompt does not write.
 */
export function differsInUnknownWord(a: string[], b: string[]): boolean {
  const { onlyA, onlyB } = diffTerms(a, b);
  const unknownB = onlyB.filter(isUnknownWord);
  if (unknownB.length === 0) return false;
  return onlyA.some(
    (term) =>
      isUnknownWord(term) && unknownB.some((word) => word !== term && isSameWord(term, word)),
  );
}

function isUnknownWord(term: string): boolean {
  return WRITTEN.test(term) && !NUMBER.test(term) && !isKnownStem(term);
}
