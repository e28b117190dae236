// The difference check: what differs between two near prompts, not their average meaning. A long
// shared text ("Summarize [report]") outweighs an added instruction ("Focus on marketing") in any
// averaged vector, so the similarity alone cannot see it; a word-level diff can.
import { actionsDiffer, addsHeadAction, inActionGroup } from './action-groups.ts';
import { foldedDifference } from './folded-difference.ts';
import { generalVerbSwapped, sharedGeneralVerbs, withoutGeneralVerbs } from './general-verbs.ts';
import { withoutImpliedLanguage } from './implied-languages.ts';
import { negationMoved } from './moved-negation.ts';
import { NAME_MARK } from './name-terms.ts';
import { hasPrefixOpposite } from './prefix-opposites.ts';
import { addsQualifier } from './qualifier-phrases.ts';
import { loneAction, waivableInRewording } from './rewording-waivers.ts';
import { WHOLE } from './scope-terms.ts';
import { isSameWord } from './spelling-variants.ts';
import { onceAgainstEach } from './time-terms.ts';
import { FIXED, isQualifierAdverb, LOADED } from './word-terms.ts';

/** From this many shared words on, a prompt carries a text the similarity cannot see past. */
const LONG_SHARED = 20;
/**
 * Around a long shared text, this many changed words make another request, whatever they are:
 * one. The text outweighs the instruction in every score, so a single swapped or added content
 * word ("focus on costs" / "on risks") is all that says the request changed; framing verbs,
 * synonyms and word forms are folded before this count.
 */
const LONG_MAX_CHANGED = 1;
/** Words one prompt adds and the other has no counterpart for: a clause, a constraint. */
const MAX_ADDED_ALONE = 3;

/**
 * Whether two near prompts ask for different things: an instruction, language, format, audience
 * or constraint word on one side only; words one side adds with nothing in their place; or, when
 * they share a long text, more than a small rewording around it (the tail included).
 * `secondLook` is the pair verifier's second look below the threshold (decision 145): a format,
 * constraint or instruction word inside a rewording, and a small swap, are left to the verifier;
 * every other rule still refuses.
 */
export function instructionDiffers(
  a: string[],
  b: string[],
  qualifiersA: readonly string[][] = [],
  qualifiersB: readonly string[][] = [],
  verbsA: readonly string[] = [],
  verbsB: readonly string[] = [],
  heads: readonly [string | null, string | null] = [null, null],
  secondLook = false,
): boolean {
  return (
    instructionDifference(a, b, qualifiersA, qualifiersB, verbsA, verbsB, heads, secondLook) !==
    null
  );
}

/** Which rule of the difference check refuses a pair, or null: what the eval's listings group by. */
export type DifferenceRule =
  | 'qualifier'
  | 'loaded'
  | 'opposite_prefix'
  | 'action'
  | 'adverb'
  | 'added_alone'
  | 'long_text'
  | 'small_swap'
  | 'once'
  | 'name_part'
  | 'moved_negation';

/** The rule that refuses, in the order `instructionDiffers` reads them. */
export function instructionDifference(
  a: string[],
  b: string[],
  qualifiersA: readonly string[][] = [],
  qualifiersB: readonly string[][] = [],
  verbsA: readonly string[] = [],
  verbsB: readonly string[] = [],
  heads: readonly [string | null, string | null] = [null, null],
  secondLook = false,
): DifferenceRule | null {
  const folded = foldedDifference(a, b);
  // Too long on both sides to align (DIFF_MAX_CELLS): long prompts that differ at both ends.
  if (folded.capped) return 'long_text';
  const shared = folded.shared + sharedGeneralVerbs(verbsA, verbsB);
  const { onlyA, onlyB } = withoutImpliedLanguage(
    withoutGeneralVerbs(folded, verbsA, verbsB, inActionGroup),
    a,
    b,
  );
  // One prompt is the other with a qualifying phrase added ("… in every region").
  if (onlyB.length === 0 && onlyA.length > 0 && addsQualifier(qualifiersA, b, isSameWord))
    return 'qualifier';
  if (onlyA.length === 0 && onlyB.length > 0 && addsQualifier(qualifiersB, a, isSameWord))
    return 'qualifier';
  const loaded = (word: string) => LOADED.has(word) || /\d/.test(word) || word === WHOLE;
  if (
    (onlyA.some(loaded) || onlyB.some(loaded)) &&
    !(secondLook && waivableInRewording(onlyA, onlyB, loaded) && !loneAction(onlyA, onlyB))
  )
    return 'loaded';
  if (onceAgainstEach(a, b, onlyA, onlyB)) return 'once';
  // A tool's own word on one side only ("docker compose build" / "docker build") is another tool.
  if ([...onlyA, ...onlyB].some((word) => word.startsWith(NAME_MARK))) return 'name_part';
  if (hasPrefixOpposite(onlyA, onlyB)) return 'opposite_prefix';
  if (actionsDiffer(onlyA, onlyB) || actionsDiffer(onlyB, onlyA)) return 'action';
  if (
    generalVerbSwapped(onlyA, onlyB, verbsA, verbsB) ||
    generalVerbSwapped(onlyB, onlyA, verbsB, verbsA)
  )
    return 'action';
  if (addsHeadAction(a, b, onlyA, onlyB, heads[0]) || addsHeadAction(b, a, onlyB, onlyA, heads[1]))
    return 'action';
  if (negationMoved(a, b)) return 'moved_negation';
  // A rewording swaps words on both sides; an added condition ("if I'm not the host", "focus on
  // the marketing department") only adds them.
  const alone = Math.min(onlyA.length, onlyB.length) === 0 ? onlyA.length + onlyB.length : 0;
  if (alone > 0 && [...onlyA, ...onlyB].some(isQualifierAdverb)) return 'adverb';
  if (alone > 0 && (addsState(a, onlyA) || addsState(b, onlyB))) return 'added_alone';
  if (alone >= MAX_ADDED_ALONE || clauseForCause(onlyA, onlyB) || clauseForCause(onlyB, onlyA))
    return 'added_alone';
  if (shared >= LONG_SHARED)
    return onlyA.length + onlyB.length >= LONG_MAX_CHANGED ? 'long_text' : null;
  // Below the threshold the verifier judges a small swap (decision 145): it refuses one that keeps
  // every other word ("sort by key" / "by value"), which is what a near-miss does. A language,
  // audience or measure swapped is still refused here.
  return isSmallSwap(onlyA, onlyB, shared) &&
    !(secondLook && ![...onlyA, ...onlyB].some((word) => FIXED.has(word)))
    ? 'small_swap'
    : null;
}

/**
 * Decision 215: "why" asks the cause of what both prompts state, so it stands in for no words the
 * other side adds: "… gives #NUM! on some rows, why?" / "… on some rows, how do I make it still show
 * the months when the end date is earlier" adds a request and a condition, as if "why" were not
 * there. One or two words ("why" / "how do I fix it") are still a rewording.
 */
function clauseForCause(onlyX: readonly string[], onlyY: readonly string[]): boolean {
  return onlyX.length === 1 && onlyX[0] === 'why' && onlyY.length >= MAX_ADDED_ALONE;
}

const ALREADY = 'already';

/**
 * Decision 194: "already" with the word after it ("it was already pushed", "a topic already
 * consumed"), both added with nothing in their place, puts the thing in another state. "Already"
 * before a word both sides have ("a container that is already running" / "a running container")
 * restates a state they share.
 */
function addsState(terms: readonly string[], added: readonly string[]): boolean {
  const at = terms.indexOf(ALREADY);
  return at >= 0 && added.includes(ALREADY) && added.includes(terms[at + 1] ?? '');
}

/**
 * Decision 139: around a pasted text, a whole-set word on one side only that comes with words the
 * other side has nothing in place of asks for an answer per member: "summarize each section of
 * this report", "every department" against "summarize this report". A lone scope word is dropped
 * otherwise ("list every action item" / "list the action items"), as between short prompts.
 */
export function asksPerMember(a: string[], b: string[]): boolean {
  if (a.includes(WHOLE) === b.includes(WHOLE)) return false;
  const { onlyA, onlyB } = foldedDifference(a, b);
  const [scoped, other] = a.includes(WHOLE) ? [onlyA, onlyB] : [onlyB, onlyA];
  return scoped.length > 0 && other.length === 0;
}

/** Words a short swap may change on each side and still be read as a substitution. */
const MAX_SWAPPED = 2;
/** Shared words that make a swap a minimal edit of the same sentence. */
const MIN_SHARED_FOR_SWAP = 2;

/**
 * A minimal edit: the prompts share their frame and swap one or two words that are not synonyms
 * (nginx / apache, debounce / throttle, sum / count). Paraphrases reword more than that; a near-miss
 * changes exactly the word that sets the answer.
 */
function isSmallSwap(onlyA: string[], onlyB: string[], shared: number): boolean {
  return (
    onlyA.length > 0 &&
    onlyB.length > 0 &&
    onlyA.length <= MAX_SWAPPED &&
    onlyB.length <= MAX_SWAPPED &&
    shared >= MIN_SHARED_FOR_SWAP * Math.max(onlyA.length, onlyB.length)
  );
}

/**
 * Whether two prompts ask with the same content words once synonyms, word forms, moved words and
 * framing request verbs are folded: the pair differs only in how it is phrased. A general verb
 * cancels an action of its group on the other side, as in the difference check (decision 154):
 * "python make a random number" / "generate a random number in python".
 */
export function sameTerms(
  a: string[],
  b: string[],
  verbsA: readonly string[] = [],
  verbsB: readonly string[] = [],
): boolean {
  const { onlyA, onlyB } = withoutGeneralVerbs(
    foldedDifference(a, b),
    verbsA,
    verbsB,
    inActionGroup,
  );
  return onlyA.length === 0 && onlyB.length === 0;
}
