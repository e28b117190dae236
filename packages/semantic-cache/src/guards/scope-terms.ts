// Scope words (the whole set against a part of it) read as one term per class, and dropped when
// one side alone has one.
import { ASKER_OWN } from './instruction-words.ts';

/**
 * Scope words: a question about the whole set ("all occurrences", "both locally and remotely")
 * and one about a part of it ("the next occurrence", "one site") want other answers. They are
 * function words, so each class becomes one term; `foldedDifference` keeps it only when the other
 * side has the other class.
 */
export const WHOLE = '<whole>';
const PART = '<part>';
/** The whole set, or more than one member of it: either is not "one" or "the next". */
const WHOLE_WORDS = new Set(
  'all every each both whole entire multiple several many few couple'.split(' '),
);
const SELF_WORDS = new Set('me myself us ourselves'.split(' '));
const PART_WORDS = new Set('single specific particular individual'.split(' '));
/** Nouns that name several members when "of" follows: "a range of commits", "a bunch of files". */
const SET_NOUNS = new Set('range bunch series handful'.split(' '));
/**
 * Nouns that name a piece of a thing when "of" follows: "part of the screen", "a portion of the
 * file" ask about less than the whole of it (decision 142).
 */
const PART_NOUNS = new Set('part portion piece fraction subset'.split(' '));
/** Content words that pick one member of a set, and so conflict with a whole-set word. */
export const PART_TERMS = new Set([PART, 'next', 'previous', 'last']);
/** A unit of time after "one": the count of a duration, not one member of a set. */
const UNIT_OF_TIME = /^(?:second|minute|hour|day|week|month|year)$/;
/** "just" before these restricts the scope ("just for this session"): it is "only". */
const SCOPE_PREPOSITIONS = new Set('for in on to within from inside'.split(' '));

/**
 * The scope class of a word read with its neighbours; '' for a word the part word after it
 * already says ("only one", "just a single"); the count '1' for "one" before a unit of time;
 * undefined for any other word.
 */
export function scopeTerm(token: string, before?: string, after?: string): string | undefined {
  // Decision 194: "commits by me" keeps the asker's own, a constraint the pronoun alone never is.
  if (before === 'by' && SELF_WORDS.has(token)) return ASKER_OWN;
  if (WHOLE_WORDS.has(token) || (SET_NOUNS.has(token) && after === 'of')) return WHOLE;
  // Decision 203: "unsend it one minute after" counts time, as "1 minute" and "two minutes" do.
  if (token === 'one' && after !== undefined && UNIT_OF_TIME.test(after)) return '1';
  if (isPartWord(token, before, after)) return PART;
  // "As part of the build" says the thing is included, not that a piece of it is meant.
  if (PART_NOUNS.has(token) && after === 'of' && before !== 'as') return PART;
  if (token === 'only' || token === 'just') {
    if (after !== undefined && isPartWord(after, token)) return '';
    if (token === 'just' && after !== undefined && SCOPE_PREPOSITIONS.has(after)) return 'only';
  }
  return undefined;
}

/** "which one" and "one of" name no scope; "for one site", "just one website" do. */
function isPartWord(token: string, before?: string, after?: string): boolean {
  return PART_WORDS.has(token) || (token === 'one' && before !== 'which' && after !== 'of');
}

/**
 * Words that open a condition after "only": "only if it is selected", "only when idle", and the
 * "for" that names whom it is for ("one row only for admins", decision 203 review).
 */
const CONDITION_OPENERS = new Set(
  'if when whenever while once after before until unless for'.split(' '),
);
/** A particle closing a compound noun: "single sign on only" counts no sign (decision 203 review). */
const PARTICLES = new Set('on in up out off'.split(' '));

/**
 * Decision 203: "only" closing a noun phrase that "one" or "single" counts says the count again:
 * "mute a single tab only" asks what "mute just one tab" asks ("only one" is read so above).
 * "Only" opening a condition ("one row only if it is selected") still narrows.
 */
export function restatesOneMember(tokens: readonly string[], i: number): boolean {
  const counted = (token: string | undefined) => token === 'one' || token === 'single';
  return (
    (counted(tokens[i - 2]) || counted(tokens[i - 3])) &&
    !PARTICLES.has(tokens[i - 1] ?? '') &&
    !CONDITION_OPENERS.has(tokens[i + 1] ?? '')
  );
}

/**
 * A scope word on one side only is dropped ("list all databases" / "list databases"); against
 * the other class on the other side it stays, and refuses: "all occurrences" / "the next one".
 */
export function withoutLoneScope(
  diff: { onlyA: string[]; onlyB: string[] },
  sharedMember: boolean,
): {
  onlyA: string[];
  onlyB: string[];
} {
  const isScope = (word: string) => word === WHOLE || word === PART;
  if (!diff.onlyA.some(isScope) && !diff.onlyB.some(isScope)) return diff;
  if (scopeConflict(diff.onlyA, diff.onlyB) || scopeConflict(diff.onlyB, diff.onlyA)) return diff;
  if (sharedMember && (diff.onlyA.includes(WHOLE) || diff.onlyB.includes(WHOLE))) return diff;
  return {
    onlyA: diff.onlyA.filter((w) => !isScope(w)),
    onlyB: diff.onlyB.filter((w) => !isScope(w)),
  };
}

function scopeConflict(x: string[], y: string[]): boolean {
  return x.includes(WHOLE) && y.some((word) => PART_TERMS.has(word));
}

/**
 * Words that count a set's members. Not "whole" or "entire": "a whole database" is all of one
 * member.
 */
const SET_WORDS = new Set('all every each both multiple several many few couple'.split(' '));
/**
 * Counting words a plural noun follows; "every", "each", "a" and "an" take a singular, and "one of"
 * a plural.
 */
const TAKES_PLURAL = new Set('all both multiple several many few couple'.split(' '));
/** "a" / "an" before a singular noun name one member of what the noun names: "export a frame". */
const ONE_MEMBER = new Set(['a', 'an']);
/**
 * Words between a whole-set word and its noun: "all of the frames", "every one of my files"; and
 * between "one" and the plural it picks one member of: "one of the sheets" (decision 192).
 */
const BEFORE_NOUN = new Set('of the my your our their these those'.split(' '));
/** A set named before: "all of them", "one of those". */
const SET_PRONOUNS = new Set(['them', 'these', 'those']);
/** A plural written as such: "frames", "branches"; not "class", "access". */
const PLURAL = /[^s]s$/;

/**
 * Decision 178: the nouns a prompt counts, each as the term of the last word of the noun phrase
 * after the counting word: the whole set ("all frames", "every remote branch") or one member ("a
 * frame", "an open tab", "one of the sheets": decision 192). A lone scope word is dropped otherwise, so "export all frames" and
 * "export a frame" read alike once "frames" is stemmed.
 */
export interface CountedNouns {
  readonly whole: readonly string[];
  readonly one: readonly string[];
}

export function countedNouns(
  tokens: readonly string[],
  termAt: readonly (string | null)[],
): CountedNouns {
  const whole: string[] = [];
  const one: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const oneOf = token === 'one' && tokens[i + 1] === 'of';
    const counts = SET_WORDS.has(token) ? whole : ONE_MEMBER.has(token) || oneOf ? one : null;
    if (!counts) continue;
    let k = i + 1;
    if (counts === whole || oneOf) while (BEFORE_NOUN.has(tokens[k] ?? '')) k++;
    // "a few", "a single", "a couple of": a count of its own, read by the scope terms.
    const first = termAt[k];
    if (!first || first.startsWith('<')) {
      // "all of them" / "one of them": the set named before, by a pronoun.
      if (tokens[i + 1] === 'of' && SET_PRONOUNS.has(tokens[i + 2] ?? '') && !termAt[i + 3])
        counts.push(tokens[i + 2] as string);
      continue;
    }
    let last = k;
    while (termAt[last + 1]) last++;
    // The noun agrees with its count: a word that does not ("all props optional") ends no phrase.
    if (PLURAL.test(tokens[last] ?? '') !== (TAKES_PLURAL.has(token) || oneOf)) continue;
    counts.push(termAt[last] as string);
  }
  return { whole, one };
}

/**
 * One prompt asks about the whole set of a noun the other names one member of: "export all frames
 * as svg" / "export a frame as svg", "delete every merged branch" / "delete a merged branch".
 */
export function wholeAgainstOne(a: CountedNouns, b: CountedNouns): boolean {
  // A set both sides count alike ("a workbook with several sheets. … all of the sheets" / "… one of
  // the sheets") is shared context: only the whole-set counts one side has beyond the other's
  // conflict (decision 192).
  const count = (nouns: readonly string[], noun: string) => nouns.filter((n) => n === noun).length;
  const against = (x: CountedNouns, y: CountedNouns) =>
    x.whole.some(
      (noun) =>
        y.one.includes(noun) &&
        count(x.whole, noun) > count(y.whole, noun) &&
        !x.one.includes(noun),
    );
  return against(a, b) || against(b, a);
}
