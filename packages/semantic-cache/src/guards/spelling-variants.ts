// Two spellings of one word: a variant form or a typo.
import { knownStemTest } from './known-words.ts';
import { stemOf } from './word-stem.ts';
import { LOADED } from './word-terms.ts';

/**
 * What a longer spelling of the same word adds to the stem: inflections and the suffixes that
 * make a noun or an adjective of it ("translat" / "translation", "german" / "germany"). Any other
 * ending is another word that happens to start alike: "list" / "listen", "form" / "format",
 * "call" / "callback".
 */
const VARIANT_ENDINGS = new Set(
  (
    'e s es ed ing er ers or ors y ie ies ly ally al ial ic ical ion ions ation ations ition ' +
    'ment ments ity ize ise ized ised izing ising iz ness able ible ive ative ure ance ence ant ent ' +
    'ian ist ism an ese'
  ).split(' '),
);

/**
 * Whether `long` is `short` with a variant ending, after a doubled last letter ("ship" /
 * "shipp(ing)", "commit" / "committ(ed)") or an "e" the stemmer took off ("recursiv" /
 * "recursively").
 */
function isVariantEnding(short: string, long: string): boolean {
  let ending = long.slice(short.length);
  if (ending[0] === short.at(-1) || ending[0] === 'e') ending = ending.slice(1);
  return ending === '' || VARIANT_ENDINGS.has(ending);
}

/**
 * Longer words that say what a shorter one says, by stem: the few compounds that ask what their
 * head asks ("which weekday" is "which day"), and clipped forms users type (temp, prop, sync).
 */
const SAME_AS_SHORTER = new Map([
  ['weekday', 'day'],
  ['spreadsheet', 'sheet'],
  ['worksheet', 'sheet'],
  ['homebrew', 'brew'],
  ['temporary', 'temp'],
  ['property', 'prop'],
  ['synchronous', 'sync'],
  ['differenc', 'diff'],
  ['flexbox', 'flex'],
  ['mysqld', 'mysql'],
]);

/** Shortest stem that counts as the start of a longer word ("german" / "germany"). */
const VARIANT_PREFIX = 4;
/**
 * Two spellings of one word the stemmer left apart ("translation" / "translat"). A compound is not
 * a spelling of its head: it names a kind of it, and usually another thing to ask about ("day" /
 * "tuesday", "name" / "username", "str" / "substr", "mutable" / "immutable").
 */
export function isVariant(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (SAME_AS_SHORTER.get(long) === short) return true;
  const prefixed =
    short.length >= VARIANT_PREFIX && long.startsWith(short) && isVariantEnding(short, long);
  if (!prefixed || /\d/.test(short)) return false;
  // Two languages, formats or audiences are two words even when one starts the other: Java /
  // JavaScript.
  return !(LOADED.has(short) && LOADED.has(long));
}

/** One word in two spellings: a variant form or a typo. */
export const isSameWord = (x: string, y: string) => isVariant(x, y) || isTypo(x, y);

/** Shortest word a typo is read in: shorter words one letter apart are often two words. */
const TYPO_MIN = 5;

/**
 * One word mistyped as the other: a letter dropped or doubled ("hiden" / "hidden", "specfic" /
 * "specific") or two neighbouring letters swapped ("histroy" / "history"). A letter replaced by
 * another is not read as a typo: "batch" / "patch" and "mount" / "count" are two words. Nor are
 * two known words ("desert" / "dessert", "trail" / "trial", "casual" / "causal"; decision 161).
 */
export function isTypo(x: string, y: string): boolean {
  return isOneSlipApart(x, y) && !(isKnownStem(x) && isKnownStem(y));
}

/** Whether a stem is a known word's (decision 161), as the typo rule reads it. */
export const isKnownStem = knownStemTest(stemOf);

function isOneSlipApart(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (long.length - short.length > 1 || short.length < TYPO_MIN) return false;
  let first = 0;
  while (first < short.length && short[first] === long[first]) first++;
  const typo =
    long.length > short.length
      ? endsAlike(short, first, long, first + 1)
      : first + 1 < short.length &&
        short[first] === long[first + 1] &&
        short[first + 1] === long[first] &&
        endsAlike(short, first + 2, long, first + 2);
  return typo && !/\d/.test(long) && !(LOADED.has(short) && LOADED.has(long));
}

/** `a` from `i` on equals `b` from `j` on (no substring is built: this runs per word pair). */
function endsAlike(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (let k = 0; i + k < a.length; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}
