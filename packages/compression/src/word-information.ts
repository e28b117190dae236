// Self-information of English words, estimated from their frequency rank. The shipped list
// (data/word-ranks.txt, see data/README.md) orders 40,000 words by corpus frequency; Zipf's law
// makes a word's probability roughly proportional to 1 / rank, so its self-information
// -log2 p(w) grows with log2(rank). Words outside the list are rarer than all of them.
import { readFileSync } from 'node:fs';

let ranks: Map<string, number> | undefined;

function loadRanks(): Map<string, number> {
  const words = readFileSync(new URL('../data/word-ranks.txt', import.meta.url), 'utf8').split(
    '\n',
  );
  const map = new Map<string, number>();
  words.forEach((word, i) => {
    if (word && !map.has(word)) map.set(word, i + 1);
  });
  return map;
}

/** 1 for the most frequent word; undefined when the word is not in the list. */
export function wordRank(lowercaseWord: string): number | undefined {
  ranks ??= loadRanks();
  return ranks.get(lowercaseWord);
}

export const UNLISTED_RANK = 80_000;

/** Bits of self-information of a word seen on its own (unigram estimate). */
export function selfInformation(lowercaseWord: string): number {
  // Contractions and possessives are ranked by their stem: "company's" as "company".
  const stem = lowercaseWord.replace(/['’].*$/, '');
  return Math.log2((wordRank(stem) ?? UNLISTED_RANK) + 1);
}
