// Decision 250: around a shared text (decision 054) the folding rules read a word no known word
// stems to as a typo or a form of a word one slip away. Two made-up words ("qwertyz" / "qwertz"),
// two IDs or two names a letter apart are two words: nothing says either is a slip.
import { knownStemTest } from './known-words.ts';
import { isSameWord } from './spelling-variants.ts';
import { diffTerms } from './term-diff.ts';
import { stemOf } from './word-stem.ts';

const isKnownStem = knownStemTest(stemOf);
/** A term written as a word: canonical markers ("<request>", "sym:@") are no word to look up. */
const WRITTEN = /^[\p{L}\p{N}]+$/u;
/** A number is the number guard's to compare ("3" / "three"). */
const NUMBER = /^\d+$/;

/**
 * Whether one side has a term unknown to the word vectors that the other lacks, and that is no
 * slip of a known word the other side writes ("problms" / "problems"). Known words on one side
 * only are left to the rules that waive fillers and rewordings.
 */
export function differsInUnknownWord(a: string[], b: string[]): boolean {
  const { onlyA, onlyB } = diffTerms(a, b);
  return hasUnpairedUnknown(onlyA, onlyB) || hasUnpairedUnknown(onlyB, onlyA);
}

function hasUnpairedUnknown(side: string[], other: string[]): boolean {
  return side.some(
    (term) =>
      WRITTEN.test(term) &&
      !NUMBER.test(term) &&
      !isKnownStem(term) &&
      !other.some((word) => isKnownStem(word) && isSameWord(term, word)),
  );
}
