// The stemmer every guard of the difference check reads words through.

/** Three-letter words ending in "s" that are not the plural of a two-letter one. */
const NO_PLURAL = new Set(
  'ios dos gas yes has was its gps dns sms aws sas mrs pos abs fps rps qps tps bps eps'.split(' '),
);

/** Acronym plurals that end in "is" like "analysis" but lose their "s" ("APIs", "URIs"). */
const IS_PLURALS = new Set('apis guis clis uris'.split(' '));

/** A crude suffix stemmer: needs no vocabulary, so the check works with any embedder. */
export function stemOf(word: string): string {
  if (/\d/.test(word)) return word;
  // "ips", "ids", "vms": the plural of a two-letter word or acronym, unless it is a word of its own.
  if (word.length === 3)
    return /[^su]s$/.test(word) && !NO_PLURAL.has(word) ? word.slice(0, 2) : word;
  if (word.length < 3) return word;
  let stem = word.replace(/ies$/, 'y');
  if (!/(?:ss|us|is)$/.test(stem) || IS_PLURALS.has(stem)) stem = stem.replace(/s$/, '');
  stem = stem.replace(/(?:ing|ed)$/, (suffix, at: number) => (at >= 3 ? '' : suffix));
  // "exceeded" loses its "ed" above and "exceed" would keep the rest: both read as "exceeds" does.
  if (stem.endsWith('eed') && stem !== word)
    stem = stem.replace(/ed$/, (suffix, at: number) => (at >= 3 ? '' : suffix));
  // "getting", "stopped", "committed": the consonant doubled before the ending goes with it. Only
  // consonants English doubles so ("installed" keeps its "ll", "added" its "dd").
  if (stem !== word) stem = stem.replace(/([bgmnprt])\1$/, '$1');
  // British and American spellings meet: summarise / summarize, organisation / organization.
  stem = stem.replace(/is(ation|e)?$/, (whole, _s, at: number) => (at >= 4 ? 'iz' : whole));
  stem = stem.replace(/iz(ation|e)$/, 'iz');
  return stem.length > 3 ? stem.replace(/e$/, '') : stem;
}
