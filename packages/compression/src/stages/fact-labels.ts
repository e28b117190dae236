// The words that say what a fact is (issue 17): in a clause that holds a number, date, version,
// URL or name, the subject it belongs to and the verb that says what happens to it. The pruner
// ranks words by a unigram count, which finds "contract", "budget" or "increase" as cheap as any
// other noun: "Our contract with you renews on 17 February" became "You renews on 17 February",
// and "whether the 7% price increase can be waived" became "whether 7% price be". Without a
// part-of-speech tagger, positions stand in for roles: the first content words of a clause are
// its subject (or an imperative's verb), the word after them its verb.
import {
  DATE_WORDS,
  FUNCTION_WORDS,
  LOGIC_WORDS,
  NEGATIONS,
  NUMBER_WORDS,
  QUESTION_WORDS,
  RELATION_WORDS,
  SOFT_MODALS,
} from '../text/word-lists.ts';

/** One line's words: lower case, '' for a placeholder, with their offsets in the line. */
export interface LineTokens {
  line: string;
  starts: readonly number[];
  ends: readonly number[];
  lowered: readonly string[];
}

/**
 * Whether `end` matches the gap line[from, to) between two words. `end` must not match a lone
 * space: the commonest gap is answered without copying it out (decision 150).
 */
export function gapHas(
  line: string,
  from: number | undefined,
  to: number | undefined,
  end: RegExp,
): boolean {
  if (from !== undefined && to === from + 1 && line.charCodeAt(from) === 32) return false;
  return end.test(line.slice(from, to));
}

/**
 * Whether line.slice(from, to) holds nothing but spaces (`/^ *$/`), read in place: the words of
 * one phrase or clause are joined by spaces alone.
 */
export function spacesOnly(
  line: string,
  from: number | undefined,
  to: number | undefined,
): boolean {
  const end = to ?? line.length;
  for (let c = from ?? 0; c < end; c += 1) if (line.charCodeAt(c) !== 32) return false;
  return true;
}

/**
 * Calls `visit(from, to)` for each run of words between punctuation that `end` matches (which
 * never matches a lone space).
 */
export function eachSpan(
  { line, starts, ends }: LineTokens,
  end: RegExp,
  visit: (from: number, to: number) => void,
): void {
  let from = 0;
  for (let i = 1; i <= starts.length; i += 1) {
    if (i < starts.length && !gapHas(line, ends[i - 1], starts[i], end)) continue;
    visit(from, i);
    from = i;
  }
}

/** Whether the placeholder at token i stands for a fact, and whether that fact is a quantity. */
export interface FactTest {
  isFact: (i: number) => boolean;
  isQuantity: (i: number) => boolean;
  /**
   * The first word (lower case) of the placeholder at token i: an operative word the last user
   * message protects ("per" of "€289 per night") is a placeholder too.
   */
  firstWordOf?: (i: number) => string;
}

/** What ends a clause between two words. A bracket does not: "the testing tool (£745)". */
const CLAUSE_END = /[.,;:!?]/;
/** How far before a fact its label may sit: "revenue rose to 5 million", "the tool (£745)". */
const LABEL_REACH = 3;
/** Longest run of content words taken for a subject or for what a quantity counts. */
const RUN = 3;
/** Words that are neither a subject nor a verb: they open a clause or join two. */
const NOT_A_LABEL = new Set([
  ...FUNCTION_WORDS,
  ...LOGIC_WORDS,
  ...NEGATIONS,
  ...QUESTION_WORDS,
  ...SOFT_MODALS,
  ...RELATION_WORDS,
  ...'and but so since because although though while when then also even just be been being do does did has have had am'.split(
    ' ',
  ),
]);
/** "one of these" is a pronoun more often than a count. */
const COUNTING_WORDS = new Set([...NUMBER_WORDS].filter((word) => word !== 'one'));
const PREPOSITIONS = new Set(
  [...RELATION_WORDS].filter((word) => word !== 'and' && word !== 'or' && word !== 'than'),
);
const OF_LINKS = new Set(['the', 'a', 'an', 'its', 'their', 'our', 'your', 'my', 'this']);
/** What joins a quantity to the unit of its rate: "per night", "a month". */
const RATE_LINKS = new Set(['per', 'a', 'an', 'each']);
/** Prepositions after a quantity that say whose or which it is, or from when: "2 years from delivery". */
const OWNER_PREPOSITIONS = new Set(['of', 'for', 'from']);

/** A content word that can name something: not grammar, logic, a modal or a number word. */
export function isLabelWord(word: string | undefined): boolean {
  return word !== undefined && word !== '' && !NOT_A_LABEL.has(word) && !NUMBER_WORDS.has(word);
}

/** Indices of the words of the line that label a fact. */
export function factLabels(tokens: LineTokens, facts: FactTest): Set<number> {
  const { lowered } = tokens;
  const labels = new Set<number>();
  const isFactAt = (i: number) =>
    lowered[i] === ''
      ? facts.isFact(i)
      : COUNTING_WORDS.has(lowered[i] as string) || DATE_WORDS.has(lowered[i] as string);
  const wordAt = (i: number) =>
    lowered[i] === '' ? (facts.firstWordOf?.(i) ?? '') : (lowered[i] ?? '');
  eachSpan(tokens, CLAUSE_END, labelClause);
  return labels;

  function labelClause(from: number, to: number): void {
    let firstFact = -1;
    for (let i = from; i < to; i += 1) {
      if (!isFactAt(i)) continue;
      if (firstFact === -1) firstFact = i;
      // What it is: "the budget for the testing tool (£745)", "my manager Priya Raman".
      if (lowered[i] === '' && !facts.isQuantity(i)) keepTitle(i, from);
      else
        for (let j = i - 1; j >= Math.max(from, i - LABEL_REACH); j -= 1)
          if (isLabelWord(lowered[j])) labels.add(j);
      // What a quantity counts: "the 7% price increase", "20 minutes late".
      if (lowered[i] === '' && facts.isQuantity(i)) {
        let after = keepRun(i + 1, to);
        // The unit of a rate: "€289 per night", "£1,150 a month".
        if (after === i + 1 && RATE_LINKS.has(wordAt(i + 1))) after = keepRun(i + 2, to);
        keepOwner(after, to);
      }
      // The label a colon puts before it: "Amount claimed: £620.00", "Budget: €2,200".
      if (
        lowered[i] === '' &&
        i > 0 &&
        /^:\s*$/.test(tokens.line.slice(tokens.ends[i - 1], tokens.starts[i]))
      )
        for (let j = i - 1; j >= Math.max(0, i - RUN) && isLabelWord(lowered[j]); j -= 1)
          labels.add(j);
    }
    if (firstFact === -1) return;
    // Whose fact it is: the clause's subject, up to the fact ("Our contract with you ... renews
    // on 17 February", "The migration of the billing service moves to the second week").
    let s = from;
    // Not the object of an opening preposition: "After the long weekend the version was 3.1.4".
    while (s < firstFact && (!isLabelWord(lowered[s]) || objectOfPreposition(s))) s += 1;
    if (s >= firstFact) return;
    let next = keepRun(s, firstFact);
    if (lowered[next] === 'of') {
      next += 1;
      while (OF_LINKS.has(lowered[next] ?? '')) next += 1;
      next = keepRun(next, firstFact);
    }
  }

  /**
   * A name is labelled by the word right before it, past "of the": "my manager Priya Raman",
   * "Head of Operations". Names are many in pasted text; the words further back are its clause's.
   */
  function keepTitle(i: number, from: number): void {
    let j = i - 1;
    while (j > from && OF_LINKS.has(lowered[j] as string)) j -= 1;
    if (lowered[j] === 'of') j -= 1;
    while (j > from && OF_LINKS.has(lowered[j] as string)) j -= 1;
    if (j >= from && isLabelWord(lowered[j])) labels.add(j);
  }

  /**
   * Whose or which a quantity is, in an "of"/"for" phrase after it: "version 2.4.1 of our billing
   * service", "$4.2M for the EMEA region". A name in the phrase is part of it.
   */
  function keepOwner(i: number, to: number): void {
    if (!OWNER_PREPOSITIONS.has(lowered[i] ?? '')) return;
    let j = i + 1;
    while (OF_LINKS.has(lowered[j] ?? '')) j += 1;
    let kept = 0;
    while (j < to && kept < RUN && (lowered[j] === '' || isLabelWord(lowered[j]))) {
      if (lowered[j] !== '') {
        labels.add(j);
        kept += 1;
      }
      j += 1;
    }
  }

  /** Whether the run holding word i follows a preposition, past its determiners. */
  function objectOfPreposition(i: number): boolean {
    let j = i - 1;
    while (j >= 0 && isLabelWord(lowered[j])) j -= 1;
    while (j >= 0 && OF_LINKS.has(lowered[j] as string)) j -= 1;
    return j >= 0 && PREPOSITIONS.has(lowered[j] as string);
  }

  /** Keeps the run of label words opening at i (at most RUN, before `to`); returns where it ends. */
  function keepRun(i: number, to: number): number {
    let j = i;
    while (j < to && j < i + RUN && isLabelWord(lowered[j])) {
      labels.add(j);
      j += 1;
    }
    return j;
  }
}
