// A word's canonical term: request verbs, number words, pointers and hedges folded, synonyms met.
import { contentTokens } from '../embedding/question-tokens.ts';
import { buildSynonymTable } from '../embedding/synonyms.ts';
import { wordMemo } from '../lib/word-memo.ts';
import { fixedInstructionWords, instructionWords, textKindWords } from './instruction-words.ts';
import { stemOf } from './word-stem.ts';

/**
 * Verbs that only frame a request for text ("write a poem" = "compose a poem"). Verbs that name
 * an action on a thing (create, find, list, set, see, make) are content words: "list the secrets"
 * and "create a secret" are two questions.
 */
const REQUEST_VERB_WORDS =
  'write draft compose produce provide give tell say show suggest come need want like help';
/** Pointing words and hedges that only say where the text is or soften the ask ("the following report", "key risks"). */
const POINTERS = new Set(
  'following below above attached here this these pls point paste'.split(' '),
);

/**
 * Adverbs that only hedge how a thing is done ("properly", "quickly"): every answer already
 * means them. Other adverbs in -ly set how or where the action applies.
 */
const HEDGE_ADVERBS = new Set(
  'properly correctly easily quickly simply really actually basically exactly just currently usually generally normally probably possibly finally successfully'.split(
    ' ',
  ),
);

/**
 * Decision 178: words that set a clause against what the asker expected ("still says", "though I
 * ran it"). A rewording tells the same story in other such words; what it asks is in the words
 * around them. Not "already": "a container that is already running" is another state than "when I
 * run it".
 */
const CONCESSIVES = new Set('still though although'.split(' '));

export const SYNONYMS = buildSynonymTable(stemOf);
const REQUEST_VERBS = new Set(REQUEST_VERB_WORDS.split(' ').map(stemOf));
/** The one term every request verb becomes. */
export const REQUEST = '<request>';
/** Number words as digits, so "six" = "6" ("one" stays a pronoun: "which one"). */
export const NUMBER_WORDS = new Map(
  'two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((word, i) => [word, String(i + 2)]),
);
/** Ordinals as numbers, so "2nd" = "second" and "second" ≠ "third". */
const ORDINALS = new Map(
  'first second third fourth fifth sixth seventh eighth ninth tenth'
    .split(' ')
    .map((word, i) => [word, String(i + 1)]),
);
export const LOADED = instructionWords(stemOf);
/**
 * What the second look below the threshold never waives (decision 145): a language, audience or
 * measure ("how long" is a duration or a length, "how far" a distance).
 */
export const FIXED = new Set([...fixedInstructionWords(stemOf), stemOf('long')]);

const TEXT_KINDS = textKindWords(stemOf);

// A word's term depends on the word alone, and prompts keep reusing a small vocabulary: each is
// worked out once (every cache lookup that meets a near neighbour reads its prompt's terms).
/** The word's canonical term, or null for a word the diff ignores. */
export const termOf = wordMemo(20_000, (token) => workOutTerm(token));

function workOutTerm(token: string): string | null {
  if (POINTERS.has(token) || HEDGE_ADVERBS.has(token) || CONCESSIVES.has(token)) return null;
  const number = ORDINALS.get(token) ?? NUMBER_WORDS.get(token);
  if (number) return number;
  const stem = stemOf(token);
  // Stop words go, except the ones that carry a constraint ("only", "more", "without").
  const isContent = contentTokens([token]).length > 0 && contentTokens([stem]).length > 0;
  if (!LOADED.has(stem) && !isContent) return null;
  // Stemming twice is not stemming once ("reverse" → "revers" → "rever"): only a synonym's
  // canonical word is stemmed again, so "flip" and "reverse" meet.
  const synonym = SYNONYMS.words.get(stem);
  const canonical = synonym === undefined ? stem : stemOf(synonym);
  // Request verbs are one word, not none: "write" / "compose" cancel, but "list" against
  // "update" or "set" against "clear" is a changed action the swap rule must still see.
  return REQUEST_VERBS.has(stem) || REQUEST_VERBS.has(canonical) ? REQUEST : canonical;
}

/** A loaded word that may name what a pasted text is: a language, a format or an audience. */
export function isTextKindWord(token: string): boolean {
  const term = termOf(token);
  return term !== null && TEXT_KINDS.has(term);
}

/**
 * An adverb that qualifies the action ("permanently", "recursively", "globally", "silently"):
 * added with nothing in its place, it narrows or widens what is asked.
 */
export function isQualifierAdverb(word: string): boolean {
  return word.length >= 6 && word.endsWith('ly') && !HEDGE_ADVERBS.has(word);
}
