import { questionTokens } from '../embedding/question-tokens.ts';
import { findIdentifiers, memberOf } from './code-identifiers.ts';
import { type Asked, choiceAsked } from './comparison-asked.ts';
import { findDates } from './date-mentions.ts';
import { instructionDiffers } from './difference.ts';
import { type DifferenceReading, differenceReading } from './difference-reading.ts';
import { conditionLinks, conditionsJoinedOtherwise } from './joined-conditions.ts';
import { canonicalName, compact, findEntities, foldAlias } from './named-entities.ts';
import { polarityDiffers, polarityOf } from './negation.ts';
import {
  type NumberGroup,
  numberGroups,
  readNumbers,
  sameNumberGroups,
} from './number-mentions.ts';
import { patternsDifferInCase, regexPatterns } from './pattern-case.ts';
import { type Grouping, groupingDiffers, groupingOf } from './per-group.ts';
import { type CountedNouns, WHOLE, wholeAgainstOne } from './scope-terms.ts';

export type GuardName =
  | 'negation'
  | 'number'
  | 'date'
  | 'entity'
  | 'code_identifier'
  | 'instruction';

/** The order guards run in: dates before numbers so "May 9" vs "May 16" is reported as a date. */
export const GUARD_ORDER: readonly GuardName[] = [
  'negation',
  'date',
  'number',
  'code_identifier',
  'entity',
  'instruction',
];

/** What the guards compare, computed once per text. */
export interface GuardFeatures {
  readonly polarity: ReturnType<typeof polarityOf>;
  readonly dates: string[];
  readonly numbers: number[];
  /** The numbers in groups said together, with their labels: read when the order differs. */
  readonly numberGroups: NumberGroup[];
  /** The numbers outside compound names ("two-step"), or null without one: read when they differ. */
  readonly numbersBesideCompounds: number[] | null;
  readonly identifiers: string[];
  /** Arguments of each call written in the prompt, by function name: `reshape(1, -1)`. */
  readonly calls: Map<string, string>;
  /** Its words that read as a regular expression, case kept (decision 210). */
  readonly patterns: string[];
  readonly entities: string[];
  /** Compact forms of single words and adjacent word pairs, for "is this name mentioned at all". */
  readonly mentions: Set<string>;
  /** Canonical content words in order, for the difference check. */
  readonly terms: string[];
  /** The content words of each qualifying prepositional phrase ("in every region"). */
  readonly qualifiers: string[][];
  /** The actions its general verbs ("get", "make") may stand for. */
  readonly generalVerbs: string[];
  /** Its first term when written as a bare verb acting on what follows (decision 142). */
  readonly head: string | null;
  /** The nouns it counts as a whole set or as one member (decision 178). */
  readonly countedNouns: CountedNouns;
  /** Whether it asks which of two things is better, may, or cannot (decision 215). */
  readonly choice: Asked;
  /** The groups it takes a figure per ("in each row", "per department"), decision 245. */
  readonly grouping: Grouping;
  /** "and" / "or" joining two of its conditions (decision 245). */
  readonly conditionLinks: Set<string>;
}

/**
 * The guards' features of a text, each worked out when a guard first reads it: guards run in
 * order and stop at the first refusal, so a pair refused for its numbers never pays for names,
 * mentions and content words (decision 033). Each feature depends on the text alone.
 */
export function guardFeatures(text: string): GuardFeatures {
  return new TextFeatures(
    VERSION_MARK.test(text) ? text.replace(MARKED_VERSION, 'version $1') : text,
  );
}

/**
 * Decision 178: "v18" is "version 18" to every guard ("nvm change node to v18" / "switch node
 * version with nvm to 18"); the number guard read no number in it. Not inside a path or a tag
 * ("/v2/orders", "checkout@v4", "pgx/v5"), where it is part of a name both sides write alike.
 */
const VERSION_MARK = /\bv\d/i;
const MARKED_VERSION = /(?<![\w@/.-])v(\d+(?:\.\d+)*)(?![\w/])/gi;

class TextFeatures implements GuardFeatures {
  private code?: { identifiers: string[]; rest: string };
  private dated?: { dates: string[]; rest: string };
  private polarityFound?: GuardFeatures['polarity'];
  private numbersFound?: number[];
  private numberGroupsFound?: NumberGroup[];
  private besideCompounds?: number[] | null;
  private callsFound?: Map<string, string>;
  private patternsFound?: string[];
  private entitiesFound?: string[];
  private mentionsFound?: Set<string>;
  private reading?: DifferenceReading;
  private choiceFound?: Asked;
  private groupingFound?: Grouping;
  private linksFound?: Set<string>;

  constructor(private readonly text: string) {}

  get polarity(): GuardFeatures['polarity'] {
    this.polarityFound ??= polarityOf(questionTokens(this.text), this.text);
    return this.polarityFound;
  }
  get dates(): string[] {
    return this.withoutDates().dates;
  }
  get numbers(): number[] {
    return this.numbersFound ?? this.readNumbers().numbers;
  }
  get numberGroups(): NumberGroup[] {
    this.numberGroupsFound ??= numberGroups(this.withoutDates().rest);
    return this.numberGroupsFound;
  }
  get numbersBesideCompounds(): number[] | null {
    if (this.besideCompounds !== undefined) return this.besideCompounds;
    return this.readNumbers().besideCompounds;
  }
  get identifiers(): string[] {
    return this.withoutCode().identifiers;
  }
  get calls(): Map<string, string> {
    this.callsFound ??= callArguments(this.identifiers);
    return this.callsFound;
  }
  get patterns(): string[] {
    this.patternsFound ??= regexPatterns(this.text);
    return this.patternsFound;
  }
  get entities(): string[] {
    this.entitiesFound ??= findEntities(this.withoutDates().rest);
    return this.entitiesFound;
  }
  get mentions(): Set<string> {
    this.mentionsFound ??= mentionsOf(this.text, this.identifiers);
    return this.mentionsFound;
  }
  get terms(): string[] {
    this.reading ??= differenceReading(this.text);
    return this.reading.terms;
  }
  get qualifiers(): string[][] {
    this.reading ??= differenceReading(this.text);
    return this.reading.qualifiers;
  }
  get generalVerbs(): string[] {
    this.reading ??= differenceReading(this.text);
    return this.reading.generalVerbs;
  }
  get head(): string | null {
    this.reading ??= differenceReading(this.text);
    return this.reading.head;
  }
  get countedNouns(): CountedNouns {
    this.reading ??= differenceReading(this.text);
    return this.reading.countedNouns;
  }
  get choice(): Asked {
    this.choiceFound ??= choiceAsked(this.text);
    return this.choiceFound;
  }
  get grouping(): Grouping {
    this.groupingFound ??= groupingOf(this.text);
    return this.groupingFound;
  }
  get conditionLinks(): Set<string> {
    this.linksFound ??= conditionLinks(this.text);
    return this.linksFound;
  }

  private withoutCode(): { identifiers: string[]; rest: string } {
    this.code ??= findIdentifiers(this.text);
    return this.code;
  }

  /**
   * Both number lists from one reading of the text: the guard reads the second whenever the first
   * differs (decision 201). Kept in the two fields, as before, not in an object of their own.
   */
  private readNumbers(): { numbers: number[]; besideCompounds: number[] | null } {
    const read = readNumbers(this.withoutDates().rest);
    this.numbersFound = read.numbers;
    this.besideCompounds = read.besideCompounds;
    return read;
  }

  private withoutDates(): { dates: string[]; rest: string } {
    this.dated ??= findDates(this.withoutCode().rest);
    return this.dated;
  }
}

/**
 * Refuses a candidate whose prompt differs from the query in a negation or opposite action, a
 * date, a number, a code identifier, a named entity or an instruction. Returns the first guard that refuses (in
 * GUARD_ORDER), or null. `enabled` switches single guards off; all are on by default. `secondLook`
 * is the pair verifier's look below the threshold (decision 149).
 */
export function checkGuards(
  query: string | GuardFeatures,
  candidate: string | GuardFeatures,
  enabled: Partial<Record<GuardName, boolean>> = {},
  secondLook = false,
): GuardName | null {
  const a = typeof query === 'string' ? guardFeatures(query) : query;
  const b = typeof candidate === 'string' ? guardFeatures(candidate) : candidate;
  for (const guard of GUARD_ORDER) {
    if (enabled[guard] !== false && guardRefuses(guard, a, b, secondLook)) return guard;
  }
  return null;
}

function guardRefuses(
  guard: GuardName,
  a: GuardFeatures,
  b: GuardFeatures,
  secondLook: boolean,
): boolean {
  // The pair verifier's look below the threshold reads a negation inside a rewording (decision 149).
  if (guard === 'negation' && secondLook) return polarityDiffers(a.polarity, b.polarity, true);
  return REFUSES[guard](a, b);
}

/**
 * The guards cheapest first: numbers and dates share one pass over the text, the others tokenise
 * it. For a caller that needs only whether any guard refuses (`refusesAny`); every other guard
 * follows in GUARD_ORDER, so a guard added there is asked here too.
 */
const CHEAP_GUARDS: readonly GuardName[] = ['date', 'number'];
const CHEAPEST_FIRST: readonly GuardName[] = [
  ...CHEAP_GUARDS,
  ...GUARD_ORDER.filter((guard) => !CHEAP_GUARDS.includes(guard)),
];

/**
 * Whether any enabled guard refuses the pair: `checkGuards(...) !== null`, asked in the cheapest
 * order and stopped at the first refusal, for a caller that does not report which guard it was
 * (decision 144). Every guard reads its features alone, so the order changes nothing else.
 */
export function refusesAny(
  a: GuardFeatures,
  b: GuardFeatures,
  enabled: Partial<Record<GuardName, boolean>> = {},
  secondLook = false,
): boolean {
  for (const guard of CHEAPEST_FIRST) {
    if (enabled[guard] !== false && guardRefuses(guard, a, b, secondLook)) return true;
  }
  return false;
}

const REFUSES: Record<GuardName, (a: GuardFeatures, b: GuardFeatures) => boolean> = {
  negation: (a, b) => polarityDiffers(a.polarity, b.polarity),
  date: (a, b) => !sameList(a.dates, b.dates),
  // The same numbers in another order are the same when each keeps its label (decision 154).
  number: (a, b) =>
    !sameList(a.numbers, b.numbers) &&
    !(
      sameList(sorted(a.numbers), sorted(b.numbers)) &&
      sameNumberGroups(a.numberGroups, b.numberGroups)
    ) &&
    !namesItsCompound(a, b) &&
    !namesItsCompound(b, a),
  // A name counts as shared when the other prompt mentions it anywhere, in any case or spelling
  // ("React" / "react", "Wi-Fi" / "WiFi"). Any code name missing from the other prompt refuses,
  // and so does a regular expression written in another case (decision 210).
  code_identifier: (a, b) =>
    !allMentioned(a.identifiers, b) ||
    !allMentioned(b.identifiers, a) ||
    callsDiffer(a, b) ||
    patternsDifferInCase(a.patterns, b.patterns),
  // Entities refuse on a substitution (each side names something the other does not: "Austria" /
  // "Australia"). A name only one side adds ("Chrome" / "Google Chrome", "S3" / "AWS S3") is left
  // to the similarity score, which drops for the extra word: strict matching cost twice the hits.
  entity: (a, b) => !allNamed(a.entities, b) && !allNamed(b.entities, a),
  // What differs, not the average meaning: an instruction, language, format, audience or
  // constraint word on one side only, or any change around a long shared text.
  // A qualifying phrase one side adds ("in every region") is another question too. A choice asked
  // on one side only ("X or Y, which is better" / "how do I pass X to Y") wants a judgement, not
  // steps (decision 215): read before the diff, which costs more.
  instruction: (a, b) =>
    a.choice * b.choice === -1 ||
    instructionDiffers(
      a.terms,
      b.terms,
      a.qualifiers,
      b.qualifiers,
      a.generalVerbs,
      b.generalVerbs,
      [a.head, b.head],
    ) ||
    countsDiffer(a, b) ||
    groupingDiffers(a.grouping, b.grouping) ||
    conditionsJoinedOtherwise(a.conditionLinks, b.conditionLinks),
};

/**
 * The whole set of a noun against one member of it ("export all frames" / "export a frame"),
 * which the difference check reads alike once the lone scope word is dropped (decision 178).
 * Asked only when a whole-set word is there: the nouns are read from the tokens on demand.
 */
export function countsDiffer(a: GuardFeatures, b: GuardFeatures): boolean {
  return (
    (a.terms.includes(WHOLE) || b.terms.includes(WHOLE)) &&
    wholeAgainstOne(a.countedNouns, b.countedNouns)
  );
}

/**
 * `a` counts inside a compound name that `b` calls by a name with no count ("enable two-factor auth
 * for 3 users" / "enable 2FA for 3 users"), and their other numbers agree (decision 161). Two
 * compounds are compared as numbers ("two-step" / "three-step"), and the difference check still
 * reads the count as a word only one side has unless a synonym folds the compound into the name.
 */
function namesItsCompound(a: GuardFeatures, b: GuardFeatures): boolean {
  const besideA = a.numbersBesideCompounds;
  return besideA !== null && b.numbersBesideCompounds === null && sameList(besideA, b.numbers);
}

/** Compact names drop punctuation, so `reshape(1, -1)` would read as `reshape(-1, 1)`. */
function callArguments(identifiers: string[]): Map<string, string> {
  const calls = new Map<string, string>();
  for (const identifier of identifiers) {
    const call = /^([\w.$]+)\((.+)\)$/.exec(identifier);
    if (call) calls.set(call[1] ?? '', (call[2] ?? '').replace(/\s+/g, ''));
  }
  return calls;
}

/** The same function called with other arguments on each side. */
function callsDiffer(a: GuardFeatures, b: GuardFeatures): boolean {
  for (const [name, args] of a.calls) {
    const other = b.calls.get(name);
    if (other !== undefined && other !== args) return true;
  }
  return false;
}

function allMentioned(names: string[], other: GuardFeatures): boolean {
  return names.every(
    (name) => other.mentions.has(canonicalName(name)) || memberNamedBare(name, other),
  );
}

/**
 * Decision 233: "models.CharField" / "CharField", "pd.read_csv" / "read_csv": the other prompt names
 * the member without its owner (the owner's word is left to the difference check). Not when it
 * names the member under another owner ("np.argmax" / "torch.argmax").
 */
function memberNamedBare(name: string, other: GuardFeatures): boolean {
  const member = memberOf(name);
  return (
    member !== undefined &&
    other.mentions.has(canonicalName(member)) &&
    !other.identifiers.some((id) => id !== name && memberOf(id) === member)
  );
}

/**
 * Every entity of one side is mentioned by the other, or found there as an entity too: a name
 * read inside a pasted pattern (`[A-Za-z]` gives "AZ") splits into no mention word of either side.
 */
function allNamed(names: string[], other: GuardFeatures): boolean {
  // A set, not the list: a prompt of thousands of names would compare every pair (decision 094).
  let entities: Set<string> | undefined;
  return names.every((name) => {
    if (other.mentions.has(canonicalName(name))) return true;
    entities ??= new Set(other.entities);
    return entities.has(name);
  });
}

/**
 * Every word, word pair and word triple of a text in canonical compact form, with and without a
 * plural "s", and the text's code identifiers.
 */
function mentionsOf(text: string, identifiers: string[]): Set<string> {
  const words = text
    .split(/[\s,;:!?"“”'‘’`]+/)
    .map((w) => w.replace(/^[(]+|[).]+$/g, '').replace(/\(\)$/, ''))
    .filter(Boolean);
  // Compacting is per character for ASCII, so a span's form is its words' forms joined: each word
  // is compacted once instead of in up to three spans, twice each (decision 033).
  const compacted = words.map((word) => (ASCII.test(word) ? compact(word) : undefined));
  const mentions = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let last = i; last < i + 3; last++) addSpan(words, compacted, i, last, mentions);
  }
  for (const identifier of identifiers) {
    mentions.add(canonicalName(identifier));
    // A member path mentions its member too ("pd.read_csv" mentions "read_csv", decision 233).
    const member = memberOf(identifier);
    if (member !== undefined) mentions.add(canonicalName(member));
  }
  return mentions;
}

/** Code units below 128 only. */
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * Adds the span of words `first`..`last` (cut at the end of the text), as is and without a final
 * "s". The words hold no quotes (they split words), so the plural is a final "s" of the last word.
 */
function addSpan(
  words: string[],
  compacted: (string | undefined)[],
  first: number,
  last: number,
  mentions: Set<string>,
): void {
  const end = Math.min(last, words.length - 1);
  let joined = '';
  for (let k = first; k <= end; k++) {
    const form = compacted[k];
    if (form === undefined) {
      // Lower-casing outside ASCII can depend on the next letter (a Greek final sigma).
      const span = words.slice(first, end + 1).join('');
      mentions.add(canonicalName(span));
      mentions.add(canonicalName(span.replace(/['’]?s$/, '')));
      return;
    }
    joined += form;
  }
  mentions.add(foldAlias(joined));
  mentions.add(foldAlias(words[end]?.endsWith('s') ? joined.slice(0, -1) : joined));
}

function sorted(values: number[]): number[] {
  return [...values].sort((x, y) => x - y);
}

/** A loop, not `every`: asked for every candidate, where a callback was one allocation each. */
function sameList<T>(a: T[], b: T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
