// Low-information word pruning in the spirit of Selective Context (Li et al., 2023) and
// LLMLingua (Jiang et al., 2023): each prose word gets a self-information score and the least
// informative words are dropped until a token budget is met. The score is a unigram estimate
// from word frequency (word-information.ts) lowered for words the text has already used, a
// cheap stand-in for a language model's conditional probability; content words score above all
// function words. Negations, logic words, number words and literals ("true", "null") are never
// candidates, nor is the unit after a number ("20 weeks") or a preposition or comparison before a
// protected span ("from Canada", "under 250"). Protected spans are placeholders and cannot be
// matched.

import { sortSmall } from '../text/sort-small.ts';
import {
  DATE_WORDS,
  FUNCTION_WORDS,
  LITERAL_WORDS,
  LOGIC_WORDS,
  NEGATED_CONTRACTION,
  NEGATIONS,
  NUMBER_WORDS,
  OBJECT_PRONOUNS,
  QUESTION_WORDS,
  RELATION_WORDS,
  SOFT_MODALS,
  SUBJECT_PRONOUNS,
} from '../text/word-lists.ts';
import { selfInformation, wordRank } from '../word-information.ts';
import { ADVERB, clauseSubjects } from './clause-subjects.ts';
import { factLabels, gapHas, isLabelWord } from './fact-labels.ts';
import { feelingWords } from './kept-feelings.ts';
import {
  linkingPrepositions,
  prepositionsWithoutObject,
  proseTokenEnd,
} from './linking-prepositions.ts';
import { ofPhrases } from './of-phrases.ts';
import { rareTerms } from './rare-terms.ts';
import { taskWords } from './task-words.ts';

export interface PruneOptions {
  /** Tokens to remove; pruning stops once the dropped words add up to this. */
  tokensToRemove: number;
  /** Largest share of one line's words that may go, so no sentence loses its skeleton. */
  maxLineShare: number;
  /**
   * Largest share of one sentence's words that may go. A line is often a paragraph: its cap alone
   * lets one sentence lose nearly every word while its neighbours keep theirs ("We have lived in
   * the flat for four years and we have never paid late" → "Four never paid").
   */
  maxSentenceShare?: number;
  /**
   * Largest share of one sentence's content words (not function words) that may go. The
   * sentence cap alone spends itself on the cheapest words, and a unigram count finds "owner",
   * "wrote" and "long" as cheap as "the": "She wrote that the owner of the building wants to
   * raise the rent" became "Raise rent".
   */
  maxContentShare?: number;
  /** Restricts the candidates (the balanced level only prunes a closed class of words). */
  onlyWords?: ReadonlySet<string>;
  /**
   * A preposition goes only with its object ("respond with care" → "respond", never "respond
   * care"): once the words to drop are chosen, a dropped preposition between a kept word and its
   * kept object stays.
   */
  prepositionsGoWithObject?: boolean;
  /**
   * Keeps the grammar a reader needs (balanced): pronouns, "has"/"have"/"had", "be" after a
   * pronoun, a relative "that", demonstratives and the last word of a clause. The balanced level
   * also never offers a preposition (its `onlyWords`, decision 035).
   */
  readable?: boolean;
  /** Lets `readable` drop a perfect auxiliary before its participle and a demonstrative before its noun. */
  telegraphic?: boolean;
  /**
   * Subjects the message's role already names, which may go where a clause opens with them. A
   * system prompt addresses the model, so "You help customers plan trips" says what "Help
   * customers plan trips" says (decision 057); a user message speaks for the user, so "I want to
   * learn Spanish" says what "Want to learn Spanish" says (decision 067). The same word as an
   * object ("tell you", "for me") stays.
   */
  impliedSubjects?: ReadonlySet<string>;
  /** Whether a placeholder stands for a quantity; the words either side of one are kept. */
  isQuantity?: (placeholder: string) => boolean;
  /**
   * Whether a placeholder stands for a fact (a number, date, version, URL or name): the words that
   * say what it is stay with it (`factLabels`). Quantities only, when not given.
   */
  isFact?: (placeholder: string) => boolean;
  /**
   * The first word (lower case) of the text a placeholder stands for: a protected rule hides
   * whether a "that" before it is a complementiser ("say that | you don't know").
   */
  firstWordOf?: (placeholder: string) => string;
  /**
   * An instruction's verb, its object and the noun a "for"/"of" phrase names stay (`taskWords`):
   * "You summarise support tickets for the billing team" lost all but "Summarise team". The
   * subject of a verb after an auxiliary stays too (`clauseSubjects`, decision 068).
   */
  keepTasks?: boolean;
  /**
   * A rare word that names a thing stays, with the word that makes a compound term with it
   * (`rareTerms`, decision 157): the caps let every other candidate of a short sentence go.
   */
  keepRareTerms?: boolean;
}

/** Bits taken off a word's score each time the text has used it before. */
const REPEAT_DISCOUNT = 2;
/**
 * Bits added to content words, so that every function word goes before any content word: a
 * unigram count from news text thinks "works" or "says" as cheap as "the", and a sentence
 * survives losing its grammar far better than losing its verbs.
 */
const CONTENT_BONUS = 4;
/** Headings, table rows, quotes of e-mail and lines that are only a placeholder are not prose. */
const NOT_PROSE = /^\s*(#|\||>|\uE000[\uE010-\uE04F]+\uE001\s*$)/;
const MIN_PROSE_WORDS = 3;

interface Candidate {
  line: number;
  /** Index of the sentence in the whole text. */
  sentence: number;
  /** A content word, counted against `maxContentShare`. */
  content: boolean;
  start: number;
  end: number;
  score: number;
  cost: number;
}

interface WordFacts {
  /** Negations, logic and number words are never dropped. */
  kept: boolean;
  information: number;
  cost: number;
}

/**
 * Words that say how two clauses relate: "late because the train is cancelled" without
 * "because" reads as two facts, not a cause and its effect.
 */
const CONNECTIVES = new Set(['because', 'but', 'although', 'though', 'whereas', 'instead']);

/** Facts per lower-case word, shared across calls (bounded: cleared when it grows large). */
const facts = new Map<string, WordFacts>();
const MAX_CACHED_WORDS = 50_000;

function factsOf(word: string): WordFacts {
  let f = facts.get(word);
  if (f) return f;
  if (facts.size > MAX_CACHED_WORDS) facts.clear();
  f = {
    kept:
      NEGATIONS.has(word) ||
      LOGIC_WORDS.has(word) ||
      NUMBER_WORDS.has(word) ||
      DATE_WORDS.has(word) ||
      LITERAL_WORDS.has(word) ||
      NEGATED_CONTRACTION.test(word),
    information:
      selfInformation(word) +
      (FUNCTION_WORDS.has(word) || SOFT_MODALS.has(word) ? 0 : CONTENT_BONUS),
    // Listed words are single tokens; rarer ones split into pieces.
    cost: wordRank(word) !== undefined ? 1 : Math.ceil(word.length / 4),
  };
  facts.set(word, f);
  return f;
}

const PLACEHOLDER_START = 0xe000;

// Token positions of the line being read, reused across calls (the stage runs on every text).
const starts: number[] = [];
const ends: number[] = [];
/** Lower-cased word per token; '' for a placeholder. */
const lowered: string[] = [];

/** Whether token i is a placeholder standing for a quantity (asked only beside a candidate). */
function isQuantityAt(line: string, i: number, options: PruneOptions): boolean {
  return options.isQuantity?.(line.slice(starts[i], ends[i])) ?? false;
}

function byScore(a: Candidate, b: Candidate): number {
  return a.score - b.score;
}

const POSSESSIVES = new Set(['my', 'your', 'our', 'their', 'his', 'her', 'its']);
const QUANTIFIERS = new Set(['few', 'little', 'bit', 'couple', 'lot', 'while']);
const RELATIVE_ADVERBS = new Set(['where', 'whose']);
const PERFECT_AUXILIARIES = new Set(['has', 'have', 'had']);
const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'am']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'these', 'those', 'my', 'our', 'your']);

const DEMONSTRATIVES = new Set(['this', 'these', 'those']);
/**
 * Words a readable sentence cannot lose: a personal pronoun ("telling her that I will be late"
 * loses who does what) and a demonstrative.
 */
const READABLE_KEEPS = new Set([
  ...SUBJECT_PRONOUNS,
  ...OBJECT_PRONOUNS,
  // Demonstratives stand for a noun as often as they point at one ("ask about these if...").
  'this',
  'these',
  'those',
]);

/** Whether dropping word i leaves a pronoun, a clause or a noun phrase without its link. */
function breaksGrammar(line: string, i: number, options: PruneOptions): boolean {
  const word = lowered[i] as string;
  let next = lowered[i + 1];
  // A protected verb is read through its placeholder, as for "that" below.
  if (next === '' && options.firstWordOf && onlySpaces(line, ends[i], starts[i + 1]))
    next = options.firstWordOf(line.slice(starts[i + 1], ends[i + 1]));
  if (
    options.impliedSubjects?.has(word) &&
    opensClauseAt(line, i) &&
    (word !== 'i' || readsAsStatement(next))
  )
    return false;
  // "this policy" → "policy": a demonstrative before a noun points, and the noun stays.
  if (options.telegraphic && DEMONSTRATIVES.has(word) && isLabelWord(next)) return false;
  if (READABLE_KEEPS.has(word)) return true;
  // "teams have moved", "we have been customers": the auxiliary ties the subject to its
  // participle ("we been customers" reads broken; decision 042). The copulas are not offered to
  // balanced at all (READABLE_PRUNABLE_WORDS). A telegram drops it where a noun is the subject
  // and a participle follows ("the cost has doubled" → "cost doubled").
  if (PERFECT_AUXILIARIES.has(word))
    return !(
      options.telegraphic &&
      PARTICIPLE.test(next ?? '') &&
      next !== 'been' &&
      isLabelWord(lowered[i - 1])
    );
  // The last word of a clause is what the clause is about: "need this.", "about it,".
  if (next === undefined || gapHas(line, ends[i], starts[i + 1], /[.,;:!?)]/)) return true;
  // "it is 1,800 words long", "we are vegetarian": the verb of a pronoun's clause.
  if (BE_FORMS.has(word) && SUBJECT_PRONOUNS.has(lowered[i - 1] ?? '')) return true;
  // "a reply that explains": a relative "that" ties its clause to the noun. Only the
  // complementiser before a clause's subject may go ("says that the motor" → "says the motor").
  if (word !== 'that') return false;
  // After a verb of saying, knowing or finding, "that" only opens the clause reported: "noting
  // that orders rose" says what "noting orders rose" says. A relative "that" follows a noun.
  if (options.telegraphic && REPORTING_VERB.test(lowered[i - 1] ?? '')) return false;
  return !opensClause(next);
}

const REPORTING_VERB = new RegExp(
  `^(?:${[
    'say|says|said|saying|tell|tells|told|telling|show|shows|showed|shown|showing',
    'think|thinks|thought|know|knows|knew|known|find|finds|found|feel|feels|felt|mean|means|meant',
    'understand|understands|understood|hope|hopes|hoped|expect|expects|expected|claim|claims',
    'note|notes|noted|noting|notice|notices|noticed|noticing|estimate|estimates|estimated',
    'believe|believes|believed|realise|realised|realize|realized|suggest|suggests|suggested',
    'confirm|confirms|confirmed|explain|explains|explained|agree|agreed|report|reports|reported',
    'ensure|ensures|ensured|assume|assumed|decide|decided|remember|forget|forgot|warn|warned',
  ].join('|')})$`,
);

/**
 * Verbs that still read as the speaker's statement once "I" goes: the past ("Found a bug") and
 * wanting or guessing ("Need a plan"). A present-tense verb would read as an order: "I use
 * Postgres" → "Use Postgres" (decision 067).
 */
const STATEMENT_VERBS = new Set(
  (
    'want need wonder hope guess wish was had got found did made saw paid went sent bought took ' +
    'gave told said thought knew wrote heard felt lost kept left met ran began spent built ' +
    'brought came tried'
  ).split(' '),
);
const REGULAR_PAST = /^[a-z]{3,}ed$/;

function readsAsStatement(next: string | undefined): boolean {
  return next !== undefined && (STATEMENT_VERBS.has(next) || REGULAR_PAST.test(next));
}

/** Words after which a clause opens: its first word is its subject. */
const CLAUSE_OPENERS = new Set(
  'and but or so if when unless until before after because while whether then'.split(' '),
);

/** Whether word i opens a clause and has a word after it in the same clause. */
function opensClauseAt(line: string, i: number): boolean {
  if (lowered[i + 1] === undefined || gapHas(line, ends[i], starts[i + 1], /[.,;:!?)]/))
    return false;
  if (i === 0 || gapHas(line, ends[i - 1], starts[i], /[.,;:!?(]/)) return true;
  return CLAUSE_OPENERS.has(lowered[i - 1] as string);
}

/** Subject pronouns and auxiliaries: the content word after one is the clause's verb. */
const VERB_OPENERS = new Set([
  ...SUBJECT_PRONOUNS,
  ...SOFT_MODALS,
  // "can be waived", "has been verified": what happens to the subject.
  ...'must should shall do does did has have had is are was were am be been being'.split(' '),
]);
/** "I've", "she'll", "we'd", "they're": a pronoun and its auxiliary in one word. */
const PRONOUN_WITH_AUXILIARY = /^(i|we|you|he|she|they|it)['’](ve|ll|d|re|m|s)$/;

function opensVerb(previous: string | undefined): boolean {
  return (
    previous !== undefined && (VERB_OPENERS.has(previous) || PRONOUN_WITH_AUXILIARY.test(previous))
  );
}

/** Whether `next` can open a clause's subject, so a "that" before it is only a complementiser. */
function opensClause(next: string | undefined): boolean {
  return next !== undefined && (SUBJECT_PRONOUNS.has(next) || DETERMINERS.has(next));
}
const PARTICIPLE = /^(been|done|gone|[a-z]{2,}(ed|en|wn))$/;

/**
 * Grammar words outside the function-word list that a reader restores from context: "has" before
 * a participle ("has grown"), "and" closing a list after a comma ("red, green, and blue").
 */
function isGrammatical(
  word: string,
  next: string | undefined,
  line: string,
  start: number,
): boolean {
  if (PERFECT_AUXILIARIES.has(word)) return next !== undefined && PARTICIPLE.test(next);
  return word === 'and' && line.slice(Math.max(0, start - 2), start) === ', ';
}

/** Whether the word at `start` opens the line or follows a sentence end. */
function opensSentence(line: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && line.charCodeAt(i) === 32) i -= 1;
  return i < 0 || /[.!?:]/.test(line[i] as string);
}

/** Whether line[start, end) is glued to more of a file name, identifier or address. */
function inLongerToken(line: string, start: number, end: number): boolean {
  return (
    (start > 0 && GLUED_BEFORE.test(line[start - 1] as string)) ||
    GLUED_AFTER.test(line.slice(end, end + 2))
  );
}
// A combining mark either side is part of the letter next to it ("a" + U+0308 is "ä", decomposed).
// A placeholder touching the word is the protected rest of the same token: "eu-" of "eu-west-1",
// whose "west-1" is masked, went on its own and left "RDSwest-1".
const GLUED_BEFORE = /[\p{L}\p{M}\p{N}_./@\\\uE001-]/u;
// A letter right after a word is one the word pattern does not know ("á" of "lámpara"): the word
// is a piece of a longer one.
const GLUED_AFTER = /^(?:[\p{L}\p{M}\p{N}_/@\\\uE000]|\.[\p{L}\p{N}])/u;

/**
 * Common words of German, French, Spanish, Portuguese, Italian and Dutch that English does not
 * use. The scores are English word frequencies: in another language they find "pas", "ne" and
 * "nicht" cheap, and "Ne prenez pas ce médicament" lost its negation. A sentence with two of
 * these or of words with accented letters is left whole; an English sentence quoting a foreign
 * phrase only keeps its words.
 */
const FOREIGN_WORDS = new Set([
  ...['ich', 'nicht', 'und', 'ist', 'sind', 'nein', 'kein', 'keine', 'keinen', 'nie', 'niemals'],
  ...['ein', 'eine', 'einen', 'einem', 'einer', 'das', 'der', 'dem', 'sie', 'wir', 'du', 'habe'],
  ...['haben', 'wird', 'werden', 'sich', 'auch', 'noch', 'oder', 'aber', 'wenn', 'weil', 'dass'],
  ...['nur', 'schon', 'bitte', 'mir', 'mich', 'dir', 'dich', 'auf', 'je', 'ne', 'pas', 'vous'],
  ...['nous', 'est', 'sont', 'les', 'des', 'une', 'jamais', 'rien', 'que', 'qui', 'pour', 'dans'],
  ...['avec', 'ces', 'cette', 'mais', 'suis', 'sans', 'aussi', 'leur', 'elle', 'ils', 'il', 'aux'],
  ...['du', 'el', 'los', 'las', 'una', 'por', 'para', 'con', 'este', 'esta', 'estos', 'nunca'],
  ...['nada', 'pero', 'porque', 'muy', 'tengo', 'tiene', 'usted', 'ella', 'ellos', 'hay', 'del'],
  ...['uma', 'com', 'nem', 'ele', 'eles', 'isso', 'isto', 'muito', 'non', 'che', 'sono', 'mai'],
  ...['della', 'degli', 'gli', 'questo', 'questa', 'molto', 'anche', 'ik', 'niet', 'het', 'een'],
  ...['geen', 'nooit', 'zijn', 'wij', 'jij', 'maar', 'ook', 'voor'],
]);
const FOREIGN_SENTENCE_WORDS = 2;
/** A letter the word pattern stops at ("é" of "médicament"): each such word counts as foreign too. */
export const ACCENTED_NEXT = /[\p{Script=Latin}\p{M}]/u;

/**
 * Whether ACCENTED_NEXT matches the character at `at`: in ASCII only the letters are Latin, and
 * the regex reads the others (decision 174).
 */
export function accentedNext(line: string, at: number): boolean {
  const c = line.charCodeAt(at);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return ACCENTED_NEXT.test(line.charAt(at));
}

/** Whether `word` comes right after word i, in plain text or opening a placeholder. */
function followedBy(line: string, i: number, word: string, options: PruneOptions): boolean {
  const next = lowered[i + 1];
  if (next !== '') return next === word;
  return (
    onlySpaces(line, ends[i], starts[i + 1]) &&
    options.firstWordOf?.(line.slice(starts[i + 1], ends[i + 1])) === word
  );
}

/** Whether line[from, to) holds nothing but spaces. */
function onlySpaces(line: string, from = 0, to = 0): boolean {
  for (let c = from; c < to; c += 1) if (line.charCodeAt(c) !== 32) return false;
  return true;
}

export function pruneLowInformation(text: string, options: PruneOptions): string {
  if (options.tokensToRemove <= 0) return text;
  const lines = text.split('\n');
  const candidates: Candidate[] = [];
  const wordsPerLine = new Array<number>(lines.length).fill(0);
  const wordsPerSentence: number[] = [];
  const contentPerSentence: number[] = [];
  const foreignPerSentence: number[] = [];
  const uses = new Map<string, number>();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (NOT_PROSE.test(line)) continue;
    starts.length = 0;
    ends.length = 0;
    lowered.length = 0;
    // The line's PROSE_TOKENs, read by character code.
    for (let at = 0; at < line.length; ) {
      const end = proseTokenEnd(line, at);
      if (end === -1) {
        at += 1;
        continue;
      }
      starts.push(at);
      ends.push(end);
      lowered.push(
        line.charCodeAt(at) === PLACEHOLDER_START ? '' : line.slice(at, end).toLowerCase(),
      );
      at = end;
    }
    // A protected stretch counts as a word: a request whose words are all kept but its articles
    // is still prose.
    if (starts.length < MIN_PROSE_WORDS) continue;
    wordsPerLine[index] = starts.length;
    // Balanced prunes no content word, so it has no label to keep.
    const labels = options.onlyWords ? NO_LABELS : labelsOfLine(line, options);
    let sentence = wordsPerSentence.length;
    wordsPerSentence.push(0);
    contentPerSentence.push(0);
    for (let i = 0; i < starts.length; i += 1) {
      if (i > 0 && gapHas(line, ends[i - 1], starts[i], SENTENCE_END)) {
        sentence += 1;
        wordsPerSentence.push(0);
        contentPerSentence.push(0);
      }
      wordsPerSentence[sentence] = (wordsPerSentence[sentence] ?? 0) + 1;
      const word = lowered[i] as string;
      if (word === '') continue;
      if (
        accentedNext(line, ends[i] as number) ||
        (FOREIGN_WORDS.has(word) && !inLongerToken(line, starts[i] as number, ends[i] as number))
      )
        foreignPerSentence[sentence] = (foreignPerSentence[sentence] ?? 0) + 1;
      // A system prompt's "You're" is the model and its verb, not content (decision 057).
      const content = !FUNCTION_WORDS.has(word) && options.impliedSubjects?.has(word) !== true;
      if (content) contentPerSentence[sentence] = (contentPerSentence[sentence] ?? 0) + 1;
      const grammatical =
        (word === 'and' || PERFECT_AUXILIARIES.has(word)) &&
        isGrammatical(word, lowered[i + 1], line, starts[i] as number);
      if (options.onlyWords && !options.onlyWords.has(word) && !grammatical) continue;
      const f = factsOf(word);
      if (f.kept) continue;
      // A piece of a longer token ("csv" of "sales_2024.csv") is not a word of the sentence.
      if (inLongerToken(line, starts[i] as number, ends[i] as number)) continue;
      const afterSpan = lowered[i - 1] === '' && onlySpaces(line, ends[i - 1], starts[i]);
      const beforeSpan = lowered[i + 1] === '' && onlySpaces(line, ends[i], starts[i + 1]);
      // The unit after a number says what it counts: "20 weeks", "$40 per month".
      if (afterSpan && isQuantityAt(line, i - 1, options)) continue;
      // The same after a number written as a word: "four years", "twice a day".
      if (!FUNCTION_WORDS.has(word) && NUMBER_WORDS.has(lowered[i - 1] ?? '')) continue;
      // What a number counts, past "of": "40% of the stock".
      if (!FUNCTION_WORDS.has(word) && countedByQuantity(line, i, options)) continue;
      // "because of" is a preposition, and goes with its object like one.
      if (CONNECTIVES.has(word) && lowered[i + 1] !== 'of') continue;
      // A relative "where"/"whose" after its noun says which ones: "skip rows where the amount is
      // empty" without it reads "skip rows amount empty", two facts.
      if (
        RELATIVE_ADVERBS.has(word) &&
        isLabelWord(lowered[i - 1]) &&
        onlySpaces(line, ends[i - 1], starts[i])
      )
        continue;
      // "will" is the only word that says a verb is future: "Maria will run the demo" is a plan,
      // "Maria run demo" may be done already or an order.
      if (word === 'will' && isFutureVerb(lowered[i + 1])) continue;
      // What a negation negates: "will never return", "didn't renew".
      if (isNegation(lowered[i - 1])) continue;
      // The verb after "to" is what is wanted: "wants to raise the rent", "need to migrate".
      if (lowered[i - 1] === 'to' && !FUNCTION_WORDS.has(word)) continue;
      // A clause's verb after its subject or auxiliary: "she wrote", "it changed", "will run".
      if (content && opensVerb(lowered[i - 1])) continue;
      // The head of "the owner of the building": what the phrase is about.
      if (content && lowered[i + 1] === 'of' && DETERMINERS.has(lowered[i - 1] ?? '')) continue;
      // The words that say what a fact is stay with it: "quarterly revenue was 5 million".
      if (labels.has(i)) continue;
      // The verb that ties a fact to its label: "Budget is about £350", "8.3.4 (was 8.1.27)",
      // "Ravi is vegetarian". Without it the label and the value read as a list, and a past
      // value as the present one.
      if (BE_FORMS.has(word) && !options.onlyWords && tiesFact(line, i, options)) continue;
      // A preposition or comparison introducing a name, number or quote carries the relation:
      // "from Canada", "under 250", "between 18% and 20%".
      if (beforeSpan && RELATION_WORDS.has(word)) continue;
      // A preposition opening a sentence sets up the rest ("To deploy, ...", "With SSO, ...").
      if (RELATION_WORDS.has(word) && opensSentence(line, starts[i] as number)) continue;
      // "rather than" says which of two is chosen: "than" alone turns it into a comparison.
      // "would rather not" says what is not wanted: "We'd not do a pub crawl" reads as a refusal.
      // The negation may be protected: its placeholder is read through.
      if (word === 'rather' && (lowered[i + 1] === 'than' || followedBy(line, i, 'not', options)))
        continue;
      // "what my options are": a possessive after a question word opens the question's subject.
      if (POSSESSIVES.has(word) && QUESTION_WORDS.has(lowered[i - 1] ?? '')) continue;
      // "a few", "a little", "a bit": the article makes the quantity ("few" is next to none).
      if ((word === 'a' || word === 'an') && QUANTIFIERS.has(lowered[i + 1] ?? '')) continue;
      // "at least", "at most": the bound needs its preposition.
      if (word === 'at' && (lowered[i + 1] === 'least' || lowered[i + 1] === 'most')) continue;
      // "(see the docs)": what opens a bracket says the bracket points somewhere (decision 240).
      if (word === 'see' && line.charCodeAt((starts[i] as number) - 1) === 40) continue;
      // "must be", "should be": a rule's modal says nothing without its verb.
      if (word === 'be' && LOGIC_WORDS.has(lowered[i - 1] ?? '')) continue;
      if (options.readable && breaksGrammar(line, i, options)) continue;
      const seen = uses.get(word) ?? 0;
      uses.set(word, seen + 1);
      const candidate: Candidate = {
        line: index,
        sentence,
        content: content && !grammatical,
        start: starts[i] as number,
        end: ends[i] as number,
        score:
          (grammatical ? f.information - CONTENT_BONUS : f.information) - seen * REPEAT_DISCOUNT,
        cost: f.cost,
      };
      candidates.push(candidate);
    }
  }
  const dropped = new Map<number, Candidate[]>();
  const droppedPerSentence = new Array<number>(wordsPerSentence.length).fill(0);
  const contentDroppedPerSentence = new Array<number>(wordsPerSentence.length).fill(0);
  const sentenceShare = options.maxSentenceShare ?? 1;
  const contentShare = options.maxContentShare ?? 1;
  let removed = 0;
  for (const c of lowestFirst(candidates)) {
    if (removed >= options.tokensToRemove) break;
    if ((foreignPerSentence[c.sentence] ?? 0) >= FOREIGN_SENTENCE_WORDS) continue;
    const inLine = dropped.get(c.line) ?? [];
    if (inLine.length + 1 > Math.floor((wordsPerLine[c.line] ?? 0) * options.maxLineShare))
      continue;
    const inSentence = (droppedPerSentence[c.sentence] ?? 0) + 1;
    if (inSentence > Math.floor((wordsPerSentence[c.sentence] ?? 0) * sentenceShare)) continue;
    if (c.content) {
      const content = (contentDroppedPerSentence[c.sentence] ?? 0) + 1;
      if (content > Math.floor((contentPerSentence[c.sentence] ?? 0) * contentShare)) continue;
      contentDroppedPerSentence[c.sentence] = content;
    }
    droppedPerSentence[c.sentence] = inSentence;
    inLine.push(c);
    dropped.set(c.line, inLine);
    removed += c.cost;
  }
  for (const [index, words] of dropped) {
    const line = lines[index] ?? '';
    let kept = words;
    if (options.prepositionsGoWithObject) {
      const linking = linkingPrepositions(line, new Set(words.map((w) => w.start)));
      if (linking.size > 0) kept = words.filter((w) => !linking.has(w.start));
      const orphans = prepositionsWithoutObject(line, new Set(kept.map((w) => w.start)));
      for (const o of orphans)
        kept.push({ ...o, line: index, sentence: 0, content: false, score: 0, cost: 1 });
    }
    lines[index] = removeWords(line, kept);
  }
  return lines.join('\n');
}

/** What between two words ends a sentence (the cap of `maxSentenceShare` counts per sentence). */
const SENTENCE_END = /[.!?]/;

/** Words between a quantity and what it counts: "40% of the stock". */
const QUANTITY_LINKS = new Set(['of', 'the', 'a', 'an']);

/** Whether word i is the first content word after a quantity, past "of" and articles. */
function countedByQuantity(line: string, i: number, options: PruneOptions): boolean {
  let j = i - 1;
  while (j >= 0 && QUANTITY_LINKS.has(lowered[j] ?? '')) j -= 1;
  return j < i - 1 && lowered[j] === '' && isQuantityAt(line, j, options);
}

/** Words between a copula and the quantity it states: "is about £350", "was over 40%". */
const APPROXIMATIONS = new Set(
  'about around roughly approximately nearly almost over under only just exactly'.split(' '),
);

/**
 * Whether the form of "be" at token i ties a fact to what it says about it: a label or fact before
 * it and a fact after it ("size is about 38 GB", "8.3.4 (was 8.1.27)"), or a name before it and
 * what it says after ("Ravi is vegetarian").
 */
function tiesFact(line: string, i: number, options: PruneOptions): boolean {
  const before = lowered[i - 1];
  // "Work, the Gutenberg Bible, was completed": a name set off by commas is not the subject. A
  // bracket is the fact's aside: "8.3.4 (was 8.1.27)".
  if (before === undefined || !/^[ (]*$/.test(line.slice(ends[i - 1], starts[i]))) return false;
  let j = i + 1;
  if (APPROXIMATIONS.has(lowered[j] ?? '')) j += 1;
  if (lowered[j] === '' && isFactAt(line, j, options) && (before === '' || isLabelWord(before)))
    return true;
  // A capitalised word opening a sentence is masked as a name when it is rare ("Backups are
  // overwritten"): only a name inside a sentence is surely one. Nor is a unit after a number ("60
  // MB are uploaded") or the object of a preposition ("managers in Spain were") the subject.
  return (
    before === '' &&
    i > 1 &&
    !gapHas(line, ends[i - 2], starts[i - 1], /[.!?]/) &&
    !(lowered[i - 2] === '' && isQuantityAt(line, i - 2, options)) &&
    !RELATION_WORDS.has(lowered[i - 2] ?? '') &&
    isFactAt(line, i - 1, options) &&
    !isQuantityAt(line, i - 1, options) &&
    isLabelWord(lowered[i + 1]) &&
    // An adverb says nothing of the subject yet: "the API is now deprecated".
    !ADVERB.test(lowered[i + 1] ?? '')
  );
}

/** Whether token i is a placeholder standing for a fact (a quantity, date, version, URL or name). */
function isFactAt(line: string, i: number, options: PruneOptions): boolean {
  const isFact = options.isFact ?? options.isQuantity;
  return isFact?.(line.slice(starts[i], ends[i])) ?? false;
}

/** Whether `next` is the verb a future "will" opens ("will run", "will be"), not "will you". */
function isFutureVerb(next: string | undefined): boolean {
  return (next !== undefined && next !== '' && !FUNCTION_WORDS.has(next)) || next === 'be';
}

function isNegation(word: string | undefined): boolean {
  return word !== undefined && (NEGATIONS.has(word) || NEGATED_CONTRACTION.test(word));
}

const NO_LABELS: ReadonlySet<number> = new Set();

/**
 * The words of the line being read that label a fact (`factLabels`), say what is asked
 * (`taskWords`), are the subject of a kept verb (`clauseSubjects`) or name a thing with a rare
 * word (`rareTerms`).
 */
function labelsOfLine(line: string, options: PruneOptions): ReadonlySet<number> {
  const tokens = { line, starts, ends, lowered };
  let kept: Set<number> | undefined;
  if (options.keepTasks === true) {
    kept = taskWords(tokens, (i) => options.firstWordOf?.(line.slice(starts[i], ends[i])) ?? '');
    for (const i of clauseSubjects(tokens)) kept.add(i);
    for (const i of ofPhrases(tokens)) kept.add(i);
    for (const i of feelingWords(tokens)) kept.add(i);
  }
  if (options.keepRareTerms === true) {
    kept ??= new Set();
    for (const i of rareTerms(tokens)) kept.add(i);
  }
  const isFact = options.isFact ?? options.isQuantity;
  if (!isFact) return kept ?? NO_LABELS;
  const labels = factLabels(tokens, {
    isFact: (i) => isFact(line.slice(starts[i], ends[i])),
    isQuantity: (i) => isQuantityAt(line, i, options),
    firstWordOf: (i) => options.firstWordOf?.(line.slice(starts[i], ends[i])) ?? '',
  });
  if (kept) for (const i of kept) labels.add(i);
  return labels;
}

/** Scores are quantised to this step; order within a step is text order. */
const SCORE_STEP = 0.25;

/**
 * Candidates ordered by score, lowest first. A counting sort over quantised scores: linear in the
 * number of words, where a comparison sort was the stage's largest cost on long texts.
 */
function lowestFirst(candidates: Candidate[]): Candidate[] {
  if (candidates.length < 64) return sortSmall(candidates, byScore);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const c of candidates) {
    if (c.score < min) min = c.score;
    if (c.score > max) max = c.score;
  }
  const buckets = Math.floor((max - min) / SCORE_STEP) + 1;
  const counts = new Uint32Array(buckets + 1);
  const bucketOf = (c: Candidate) => Math.floor((c.score - min) / SCORE_STEP);
  for (const c of candidates) counts[bucketOf(c) + 1] = (counts[bucketOf(c) + 1] ?? 0) + 1;
  for (let b = 1; b <= buckets; b += 1) counts[b] = (counts[b] ?? 0) + (counts[b - 1] ?? 0);
  const ordered = new Array<Candidate>(candidates.length);
  for (const c of candidates) {
    const b = bucketOf(c);
    ordered[counts[b] ?? 0] = c;
    counts[b] = (counts[b] ?? 0) + 1;
  }
  return ordered;
}

/**
 * Marks where a sentence lost its first word: the next word is capitalised once protected spans
 * are restored (`capitaliseMarked`), since that word may still be hidden in a placeholder.
 */
const CAPITALISE_NEXT = '\uE003';

/** "The cost was high" without "The": "Cost was high". */
export function capitaliseMarked(text: string): string {
  if (!text.includes(CAPITALISE_NEXT)) return text;
  // Through emphasis markers: "**carefully** check" opens its sentence as "**Carefully**".
  return text.replace(/\uE003([\s*_~]*)(\p{Ll})?/gu, (_m, space: string, c: string | undefined) =>
    c === undefined ? space : space + c.toUpperCase(),
  );
}

function byStart(a: Candidate, b: Candidate): number {
  return a.start - b.start;
}

/** Cuts the words out of a line, each with the space before it (or after it at line start). */
function removeWords(line: string, words: Candidate[]): string {
  sortSmall(words, byStart);
  let out = '';
  let from = 0;
  let capitalise = false;
  const append = (piece: string) => {
    // Only before a word: punctuation left behind ("..." of a pruned sentence) needs tidying.
    if (capitalise && /[\p{L}\p{N}\uE000]/u.test(piece)) {
      const at = piece.search(/[\p{L}\p{N}\uE000]/u);
      out += piece.slice(0, at) + CAPITALISE_NEXT + piece.slice(at);
      capitalise = false;
    } else out += piece;
  };
  for (const w of words) {
    let start = w.start;
    let end = w.end;
    if (start > 0 && line[start - 1] === ' ') start -= 1;
    else if (line[end] === ' ') end += 1;
    append(line.slice(from, Math.max(from, start)));
    // A capitalised function word opens its sentence ("I" and "I'm" aside, unless they open
    // one), even where what ends the sentence before it is hidden in a protected span.
    const word = line.slice(w.start, w.end);
    capitalise ||= /^\p{Lu}/u.test(word) && (!/^I\b/.test(word) || opensSentence(line, w.start));
    from = end;
  }
  append(line.slice(from));
  // A line that lost its first words must not start with the space that followed them.
  return /^\S/.test(line) ? out.trimStart() : out;
}
