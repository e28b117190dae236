// The words that say what is asked (issue 17): in an instruction, its verb and the noun phrase
// the verb acts on. The pruner ranks words by a unigram count, so a task's object goes as soon as
// any other noun: "You summarise support tickets for the billing team" became "Summarise team",
// and "You help customers plan trips to Japan" became "You help to Japan". Without a
// part-of-speech tagger, positions stand in for roles, as in fact-labels.ts: an instruction opens
// with its verb, or has it right after "you" and its modals, after "can you", or after "how do
// I"; the object is the run of content words after the verb and its determiners, and a "for" or
// "of" phrase after the object says whose or which ("for the billing team"). A second instruction
// joined by "and" or "then" keeps its own verb and object ("Open the file and tell me why the
// step failed"), and a question after the verb is what it asks ("tell me why the step failed").

import {
  FUNCTION_WORDS,
  IMPERATIVE_LEAD_INS,
  LOGIC_WORDS,
  NEGATIONS,
  NUMBER_WORDS,
  OBJECT_PRONOUNS,
  OTHER_PREPOSITIONS,
  QUESTION_WORDS,
  RELATION_WORDS,
  SOFT_MODALS,
  SUBJECT_PRONOUNS,
  TASK_VERBS,
} from '../text/word-lists.ts';
import { eachSpan, type LineTokens } from './fact-labels.ts';

/** What ends a sentence between two words; not the dot of a file name ("sales_2024.csv"). */
const SENTENCE_END = /[.;:!?]\s/;
/** Between the subject and the verb: "You should always keep", "you can also". */
const BEFORE_VERB = new Set([
  ...SOFT_MODALS,
  ...LOGIC_WORDS,
  ...NEGATIONS,
  ...'also just then now please'.split(' '),
]);
/** Words that say what something is, not what is done: "You are a travel agent". */
const NOT_A_VERB = new Set([
  ...FUNCTION_WORDS,
  ...'be am been being has have had do does did'.split(' '),
  ...QUESTION_WORDS,
]);
/** Auxiliaries of a question that asks how to do something: "How do I", "What should we". */
const QUESTION_AUXILIARIES = new Set('do does can could should would will'.split(' '));
const DETERMINERS = new Set(
  'the a an this these those my our your their its his her each every all any some'.split(' '),
);
/** Verbs of a request worded as a want: "I need a function", "we want a report". */
const WANT_VERBS = new Set(['need', 'want', 'require']);
/** "I'd like", "we'd like": the speaker and a modal in one word. */
const SPEAKER_WITH_MODAL = /^(i|we)['’]d$/;
/** What opens a clause that says more of an object: "a function that reads a file". */
const RELATIVES = new Set(['that', 'which', 'who']);
/** Who is told or shown, between a verb and what it asks: "tell me why", "show us how". */
const INDIRECT_OBJECTS = new Set('me us him her them'.split(' '));
/** What opens the question a verb asks: "tell me why the step failed", "check whether". */
const ASKED = new Set([...QUESTION_WORDS, 'if']);
/** What joins a second instruction to the first: "Open the file and tell me ...". */
const JOINS = new Set(['and', 'then']);
/**
 * Prepositions whose phrase says whose or which the object is: "tickets for the billing team",
 * "revenue per region".
 */
const NAMING_PREPOSITIONS = new Set(['for', 'of', 'per', 'about', 'behind']);
const APOSTROPHE = /['’]/;
/** Particles that make a phrasal verb: "sign off", "set up" (not "in" or "on", mostly prepositions). */
const PARTICLES = new Set(['off', 'up', 'out', 'down', 'back']);
/** Before an imperative: its place in a list of steps, or how often it holds. */
const ORDER_AND_BOUND = new Set(
  'first second third next finally lastly always never only not'.split(' '),
);
/** "carefully", "briefly": an adverb of manner, which may open an imperative. */
const MANNER_ADVERB = /^[a-z]{3,}ly$/;
/**
 * A verb that agrees with a subject ("builds", "uploads"): after "Nightly" it says what a thing
 * does, where an imperative's verb has its bare form ("Nightly build the project" is an order).
 */
const THIRD_PERSON = /^[a-z]+[^s'’]s$/;
/** Longest run of content words taken for an object: "support tickets", "customers plan trips". */
const RUN = 4;

function isContent(word: string | undefined): boolean {
  return (
    word !== undefined &&
    word !== '' &&
    !FUNCTION_WORDS.has(word) &&
    !RELATION_WORDS.has(word) &&
    !OTHER_PREPOSITIONS.has(word) &&
    !NOT_A_VERB.has(word) &&
    !BEFORE_VERB.has(word) &&
    !SUBJECT_PRONOUNS.has(word) &&
    !NUMBER_WORDS.has(word)
  );
}

/**
 * Indices of the words of the line that say what an instruction asks: its verb, its object and
 * the noun a "for"/"of" phrase names. `firstWordOf` reads a placeholder's first word.
 */
export function taskWords(tokens: LineTokens, firstWordOf: (i: number) => string): Set<number> {
  const { lowered } = tokens;
  const keep = new Set<number>();
  eachSpan(tokens, SENTENCE_END, keepTask);
  return keep;

  function keepTask(from: number, to: number): void {
    let verb = verbOf(from, to);
    // The adverb says how or how often ("briefly explain", "daily send"): part of the order.
    if (verb !== undefined)
      for (let j = from; j < verb; j += 1) if (mannerAdverbAt(j, to)) keep.add(j);
    while (verb !== undefined) verb = joinedVerb(keepWhatIsAsked(verb, to), to);
    for (let j = from; j < to - 2; j += 1) if (lowered[j] === 'to') keepWantedObject(j + 1, to);
  }

  /**
   * The pruner keeps the verb after "to" (what is wanted, decision 048) but not what it acts on:
   * "My manager asked me to check the report" became "Manager asked me to check". A determiner
   * after the verb opens its object.
   */
  function keepWantedObject(verb: number, to: number): void {
    if (
      isContent(lowered[verb]) &&
      (DETERMINERS.has(lowered[verb + 1] ?? '') || isContent(lowered[verb + 1]))
    )
      keepNounPhrase(verb + 1, to);
  }

  /** Keeps the verb at `verb`, its object and what it asks; returns where they end. */
  function keepWhatIsAsked(verb: number, to: number): number {
    keep.add(verb);
    let i = verb + 1;
    // A verb's particle is part of it: "sign off as Lumo Support", "set up the printer".
    if (PARTICLES.has(lowered[i] ?? '')) keep.add(i++);
    if (INDIRECT_OBJECTS.has(lowered[i] ?? '') || lowered[i] === 'it') i += 1;
    // "tell me why the step failed": the question word, the clause's subject and its verb.
    if (ASKED.has(lowered[i] ?? '')) {
      keep.add(i);
      const clause = past(i + 1, SUBJECT_PRONOUNS);
      const end = keepNounPhrase(clause, to);
      return end === -1 ? clause : end;
    }
    // "help with billing questions": the object of the verb's own preposition.
    if (RELATION_WORDS.has(lowered[i] ?? '') && !NAMING_PREPOSITIONS.has(lowered[i] as string))
      i += 1;
    const object = keepNounPhrase(i, to);
    if (object === -1) return i;
    i = object;
    // One more object joined to it: "mix the flour and water".
    // Not a second verb: "write a function and return the total" joins two instructions.
    if ((lowered[i] === 'and' || lowered[i] === 'or') && !readsAsVerb(i + 1, to)) {
      const joined = keepNounPhrase(i + 1, to);
      if (joined !== -1) i = joined;
    }
    if (NAMING_PREPOSITIONS.has(lowered[i] ?? '')) {
      const named = keepNounPhrase(i + 1, to);
      i = named === -1 ? i + 1 : named;
    }
    // What the object does is part of what is asked: "a function that reads a CSV file".
    if (RELATIVES.has(lowered[i] ?? '') && isContent(lowered[i + 1]))
      return keepWhatIsAsked(i + 1, to);
    return i;
  }

  /**
   * The verb of a second instruction joined to the first in the sentence, from `i` on: "and tell
   * me", "then give the average". A word after "and" is a verb when the imperative list knows it,
   * or when an article or a pronoun it acts on follows it ("and leave them to rest").
   */
  function joinedVerb(i: number, to: number): number | undefined {
    for (let j = i; j < to - 1; j += 1) {
      if (!JOINS.has(lowered[j] as string)) continue;
      const verb = past(j + 1, IMPERATIVE_LEAD_INS);
      if (verb < to && readsAsVerb(verb, to)) {
        // "Summarise the report and make it short": without "and", "report make it short" reads
        // as one clause (decision 240).
        keep.add(j);
        return verb;
      }
    }
    return undefined;
  }

  /** Whether word i, after "and", reads as a verb: a known one, or one an object follows. */
  function readsAsVerb(i: number, to: number): boolean {
    const word = lowered[i];
    if (!isContent(word) || APOSTROPHE.test(word as string)) return false;
    const next = lowered[i + 1] ?? '';
    return TASK_VERBS.has(word as string) || DETERMINERS.has(next) || actsOnPronoun(i + 1, to);
  }

  /** Keeps the content words of the noun phrase at i; returns where it ends, -1 if it has none. */
  function keepNounPhrase(i: number, to: number): number {
    let j = i;
    while (j < to && DETERMINERS.has(lowered[j] as string)) j += 1;
    const start = j;
    // A number stays on its own and belongs to the phrase: "list the three cheapest options".
    // A name or a number in a placeholder belongs to the phrase too: "a Python function".
    let joins = 0;
    while (
      j < to &&
      j < start + RUN + joins &&
      (isContent(lowered[j]) || lowered[j] === '' || NUMBER_WORDS.has(lowered[j] as string))
    ) {
      // "a firm but polite reminder": "but" joins two modifiers of one noun.
      if (lowered[j] === 'but') joins += 2;
      if (lowered[j] !== '') keep.add(j);
      j += 1;
    }
    return j > start ? j : -1;
  }

  /** The index of the sentence's verb when the sentence is an instruction. */
  function verbOf(from: number, to: number): number | undefined {
    let i = from;
    while (
      i < to &&
      (IMPERATIVE_LEAD_INS.has(lowered[i] as string) || leadsInAt(i) || mannerAdverbAt(i, to))
    )
      i += 1;
    if (i >= to) return undefined;
    // A rare verb opening a sentence is protected as a name would be ("Cite the documents").
    const first = lowered[i] === '' ? firstWordOf(i) : lowered[i];
    if (first === undefined) return undefined;
    let verb: number;
    const wanted = wantedAt(i, first, to);
    if (wanted !== undefined) verb = wanted;
    else if (first === 'you') verb = past(i + 1, BEFORE_VERB);
    else if (SOFT_MODALS.has(first) && lowered[i + 1] === 'you') verb = past(i + 2, BEFORE_VERB);
    else if (
      QUESTION_WORDS.has(first) &&
      QUESTION_AUXILIARIES.has(lowered[i + 1] ?? '') &&
      (lowered[i + 2] === 'i' || lowered[i + 2] === 'we')
    )
      verb = i + 3;
    else if (
      TASK_VERBS.has(first) ||
      DETERMINERS.has(lowered[i + 1] ?? '') ||
      actsOnPronoun(i + 1, to) ||
      phrasalAt(i + 1)
    )
      verb = i;
    else return undefined;
    const word = verb === i ? first : lowered[verb];
    // "You're a travel agent", "It's a plan": a pronoun and its verb in one word says what is.
    return verb < to && isContent(word) && !APOSTROPHE.test(word as string) ? verb : undefined;
  }

  /**
   * Words before an imperative that order or bound it: "First, write ...", "Always greet the
   * customer", "Never share internal ticket numbers", "Don't promise delivery dates".
   */
  function leadsInAt(i: number): boolean {
    // A capitalised "Always" opening a list item may be protected as a name would be.
    const word = lowered[i] === '' ? firstWordOf(i) : (lowered[i] as string);
    if (ORDER_AND_BOUND.has(word) || /^don['’]?t$/.test(word)) return true;
    return word === 'do' && lowered[i + 1] === 'not';
  }

  /**
   * A manner adverb before the imperative: "Carefully check the grammar", "**Briefly** explain
   * it" (decision 231). Only before a word that may be the verb: not "Early results show".
   */
  function mannerAdverbAt(i: number, to: number): boolean {
    // A capitalised adverb opening the sentence may be protected as a name would be (review).
    const word = lowered[i] === '' ? firstWordOf(i) : (lowered[i] as string);
    const next = lowered[i + 1] as string;
    return (
      i + 1 < to &&
      MANNER_ADVERB.test(word) &&
      isContent(next) &&
      (TASK_VERBS.has(next) || (DETERMINERS.has(lowered[i + 2] ?? '') && !THIRD_PERSON.test(next)))
    );
  }

  /**
   * The verb of a request the speaker words as a want: "I need a function", "we'd like a
   * summary"; past "want it to", the verb of what is wanted ("I want it to skip rows").
   */
  function wantedAt(i: number, first: string, to: number): number | undefined {
    if (first !== 'i' && first !== 'we' && !SPEAKER_WITH_MODAL.test(first)) return undefined;
    let verb = past(i + 1, BEFORE_VERB);
    const word = lowered[verb] ?? '';
    const modal = SPEAKER_WITH_MODAL.test(first) || SOFT_MODALS.has(lowered[verb - 1] ?? '');
    if (!WANT_VERBS.has(word) && !(word === 'like' && modal)) return undefined;
    if (OBJECT_PRONOUNS.has(lowered[verb + 1] ?? '') && lowered[verb + 2] === 'to') verb += 2;
    else if (lowered[verb + 1] === 'to') verb += 1;
    else return verb;
    return verb + 1 < to && isContent(lowered[verb + 1]) ? verb + 1 : undefined;
  }

  /** Whether a particle at i makes the word before it a verb: "Sign off as", "Set up the". */
  function phrasalAt(i: number): boolean {
    const after = lowered[i + 1] ?? '';
    return (
      PARTICLES.has(lowered[i] ?? '') &&
      (DETERMINERS.has(after) || RELATION_WORDS.has(after) || after === '')
    );
  }

  /**
   * Whether a pronoun the opening word acts on sits at i: "Prove it in the fridge", "Wrap them
   * tightly". "it" is the subject as often ("Today it rained"), so it counts only before a
   * preposition, a determiner or the clause's end.
   */
  function actsOnPronoun(i: number, to: number): boolean {
    if (INDIRECT_OBJECTS.has(lowered[i] ?? '')) return true;
    if (lowered[i] !== 'it') return false;
    const after = lowered[i + 1] ?? '';
    return i + 1 >= to || RELATION_WORDS.has(after) || DETERMINERS.has(after);
  }

  function past(i: number, skipped: ReadonlySet<string>): number {
    let j = i;
    while (skipped.has(lowered[j] ?? '')) j += 1;
    return j;
  }
}
