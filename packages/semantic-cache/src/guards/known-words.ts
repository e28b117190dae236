import { LOCAL_EMBEDDER_DEFAULTS } from '../embedding/local-embedder.ts';
import { sharedWordVectors } from '../embedding/word-vectors.ts';

/**
 * How many of the most frequent GloVe words count as known words. Misspellings sit far down the
 * list or outside it ("seperate" 93,402, "accomodate" 74,877, "hiden" none), while words a letter
 * apart sit above it ("dessert" 14,846, "causal" 30,381, "petal" 54,753).
 */
const KNOWN_RANK = 60_000;

/**
 * Whether a stem is the stem of a known English word (decision 161): the typo rule forgives a
 * letter only where one of the two spellings is no word. The vocabulary is the local embedder's
 * (the same copy when it is loaded), read on the first typo candidate: most lookups never meet one.
 * A stem is known when one of the words it may come from is known and stems to it.
 */
export function knownStemTest(stemOf: (word: string) => string): (stem: string) => boolean {
  return (stem) => {
    const vectors = sharedWordVectors(LOCAL_EMBEDDER_DEFAULTS.vocabularySize);
    return wordsStemmedTo(stem).some((word) => {
      const rank = vectors.rankOf(word);
      return rank !== undefined && rank < KNOWN_RANK && stemOf(word) === stem;
    });
  };
}

/** The words `stemOf` may have cut to `stem`: the endings it drops, put back. */
function wordsStemmedTo(stem: string): string[] {
  const last = stem.at(-1) ?? '';
  const words = [stem, `${stem}e`, `${stem}s`, `${stem}es`, `${stem}ed`, `${stem}ing`];
  words.push(`${stem}${last}ed`, `${stem}${last}ing`);
  if (last === 'y') words.push(`${stem.slice(0, -1)}ies`);
  return words;
}
