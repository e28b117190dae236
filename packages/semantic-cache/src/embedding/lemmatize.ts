// Folds inflected forms onto a base word using the GloVe vocabulary as the dictionary: a suffix
// is stripped only when the result is a known word that is not far rarer than the original
// ("calories" → "calorie", "running" → "run", "negotiating" → "negotiate", but "string" stays).

import { wordMemo } from '../lib/word-memo.ts';

const IRREGULAR_FORMS: Record<string, string> = {
  ran: 'run',
  went: 'go',
  gone: 'go',
  ate: 'eat',
  eaten: 'eat',
  took: 'take',
  taken: 'take',
  made: 'make',
  wrote: 'write',
  written: 'write',
  bought: 'buy',
  sold: 'sell',
  got: 'get',
  gotten: 'get',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
};
// A Map: an object would answer "constructor" with Object's own function.
const IRREGULAR = new Map(Object.entries(IRREGULAR_FORMS));

/** A base form may be at most this many times rarer (by frequency rank) than the word itself. */
const MAX_RANK_RATIO = 10;

export function createLemmatizer(
  rankOf: (word: string) => number | undefined,
): (word: string) => string {
  const acceptable = (word: string, base: string): boolean => {
    if (base.length < 3) return false;
    const baseRank = rankOf(base);
    if (baseRank === undefined) return false;
    const wordRank = rankOf(word);
    return wordRank === undefined || baseRank <= (wordRank + 1) * MAX_RANK_RATIO;
  };
  const lemmatize = (word: string): string => {
    if (word.length <= 3 || /\d/.test(word)) return word;
    const irregular = IRREGULAR.get(word);
    if (irregular) return irregular;
    // Of the acceptable bases the most frequent wins: "changing" → "change", not the name "chang".
    let best: string | null = null;
    for (const base of candidates(word)) {
      if (acceptable(word, base) && (best === null || (rankOf(base) ?? 0) < (rankOf(best) ?? 0)))
        best = base;
    }
    if (best) return best;
    // Unknown words (product names, jargon) still lose a plural "s": "goroutines" → "goroutine".
    return rankOf(word) === undefined && /[^su]s$/.test(word) ? word.slice(0, -1) : word;
  };
  return wordMemo(50_000, lemmatize);
}

/** Possible base forms, most likely first. */
function candidates(word: string): string[] {
  const out: string[] = [];
  const undouble = (base: string) => (/([bdfglmnprtz])\1$/.test(base) ? base.slice(0, -1) : null);
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`, word.slice(0, -1));
  else if (/(ss|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) out.push(word.slice(0, -1));
  if (word.endsWith('ally')) out.push(word.slice(0, -4), word.slice(0, -2));
  else if (word.endsWith('ily')) out.push(`${word.slice(0, -3)}y`);
  else if (word.endsWith('ly')) out.push(word.slice(0, -2));
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    const single = undouble(base);
    if (single) out.push(single);
    if (suffix === 'ed' && base.endsWith('i')) out.push(`${base.slice(0, -1)}y`);
    out.push(base, `${base}e`);
  }
  return out;
}
