// The difference check: what differs between two near prompts, not their average meaning. A long
// shared text ("Summarize [report]") outweighs an added instruction ("Focus on marketing") in any
// averaged vector, so the similarity alone cannot see it; a word-level diff can.
import { contentTokens, questionTokens } from '../embedding/question-tokens.ts';
import { buildSynonymTable, replacePhrases } from '../embedding/synonyms.ts';
import { wordMemo } from '../lib/word-memo.ts';
import { generalVerbsOf, withoutGeneralVerbs } from './general-verbs.ts';
import { fixedInstructionWords, instructionWords, textKindWords } from './instruction-words.ts';
import { knownStemTest } from './known-words.ts';
import { FAILURES } from './negation.ts';
import { readsAsName } from './number-mentions.ts';
import { addsQualifier, qualifierPhrases } from './qualifier-phrases.ts';

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
 * "Key" hedges only before what a summary picks out ("the key risks", "key takeaways"); anywhere
 * else it is the thing asked about: an API key, a dictionary's key, a primary key.
 */
const KEY_HEDGED = new Set(
  'point risk takeaway finding idea insight fact theme message metric difference feature term date detail step lesson question issue number figure highlight concept argument change decision factor component requirement skill trend'
    .split(' ')
    .flatMap((noun) => [noun, `${noun}s`]),
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

const SYNONYMS = buildSynonymTable(stemOf);
const REQUEST_VERBS = new Set(REQUEST_VERB_WORDS.split(' ').map(stemOf));
/** The one term every request verb becomes. */
const REQUEST = '<request>';
/** Number words as digits, so "six" = "6" ("one" stays a pronoun: "which one"). */
const NUMBER_WORDS = new Map(
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
const LOADED = instructionWords(stemOf);
/**
 * What the second look below the threshold never waives (decision 145): a language, audience or
 * measure ("how long" is a duration or a length, "how far" a distance).
 */
const FIXED = new Set([...fixedInstructionWords(stemOf), stemOf('long')]);

/**
 * A comparison asked for, read from the text: the synonym table folds "different" into
 * "difference", and "a different column" compares nothing; "VS Code" is an editor.
 */
const COMPARISON =
  /\b(?:differences?|differ(?:s|ing)?|compared?|compares|comparing|comparison|versus)\b|\bvs\b(?!\.?\s*code)/i;
/** Words that may ask for a comparison without naming it: "X or Y", "X instead of Y", "which". */
const MAY_COMPARE = /\b(?:or|instead|rather|which)\b/i;

/**
 * One prompt asks for a comparison and the other has no word that could (decision 145): "can I
 * convert a traditional IRA into a Roth IRA" / "what is the difference between a Roth and a
 * traditional IRA". "flexbox or grid" / "flexbox vs grid" may ask the same. The second look below
 * the threshold refuses such a pair whatever else it waives.
 */
export function comparisonDiffers(a: string, b: string): boolean {
  const asks = (text: string) => (COMPARISON.test(text) ? 1 : MAY_COMPARE.test(text) ? 0 : -1);
  return asks(a) * asks(b) === -1;
}
const TEXT_KINDS = textKindWords(stemOf);

/**
 * Scope words: a question about the whole set ("all occurrences", "both locally and remotely")
 * and one about a part of it ("the next occurrence", "one site") want other answers. They are
 * function words, so each class becomes one term; `foldedDifference` keeps it only when the other
 * side has the other class.
 */
const WHOLE = '<whole>';
const PART = '<part>';
/** The whole set, or more than one member of it: either is not "one" or "the next". */
const WHOLE_WORDS = new Set(
  'all every each both whole entire multiple several many few couple'.split(' '),
);
const PART_WORDS = new Set('single specific particular individual'.split(' '));
/** Nouns that name several members when "of" follows: "a range of commits", "a bunch of files". */
const SET_NOUNS = new Set('range bunch series handful'.split(' '));
/**
 * Nouns that name a piece of a thing when "of" follows: "part of the screen", "a portion of the
 * file" ask about less than the whole of it (decision 142).
 */
const PART_NOUNS = new Set('part portion piece fraction subset'.split(' '));
/** Content words that pick one member of a set, and so conflict with a whole-set word. */
const PART_TERMS = new Set([PART, 'next', 'previous', 'last']);
/** "just" before these restricts the scope ("just for this session"): it is "only". */
const SCOPE_PREPOSITIONS = new Set('for in on to within from inside'.split(' '));

/** Digits glued to letters that are no unit, as the number guard finds them: "2FA", "5G". */
const GLUED_NAME = /(?<![\p{L}\d.,])(\d+)(\p{L}+)/gu;

/**
 * The tokens split "2FA" into "2" and "fa"; the number guard reads it as a name, not the number 2.
 * Glued again here so both guards read it alike ("two factor auth" is the synonym "2fa").
 */
function gluedNames(text: string, tokens: readonly string[]): readonly string[] {
  if (!/\d\p{L}/u.test(text)) return tokens;
  const glued = new Set<string>();
  for (const match of text.matchAll(GLUED_NAME)) {
    const letters = match[2] ?? '';
    const end = (match.index ?? 0) + match[0].length;
    // "9am" is a time, read as such by `timeTerm`; "3D" a dimension (decision 161).
    if (
      readsAsName(match[1] ?? '', letters, text.slice(end, end + 40)) &&
      !/^[ap]m$/i.test(letters)
    )
      glued.add(`${match[1]} ${letters.toLowerCase()}`);
  }
  if (glued.size === 0) return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (next !== undefined && glued.has(`${token} ${next}`)) {
      out.push(`${token}${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

/** The canonical content words of a prompt, in order: what the diff compares. */
export function differenceTerms(text: string): string[] {
  return differenceReading(text).terms;
}

/** A prompt's content words and the qualifying phrases among them (`qualifier-phrases.ts`). */
export interface DifferenceReading {
  readonly terms: string[];
  /**
   * The first term when its word is written bare and the next term as a participle: an action on
   * a thing another action made ("list my stashed changes", "edit a scheduled message"); null
   * otherwise. Only such a word can be an action put before the other prompt's (decision 142).
   */
  readonly head: string | null;
  readonly qualifiers: string[][];
  /** The actions its general verbs ("get", "make") may stand for (`general-verbs.ts`). */
  readonly generalVerbs: string[];
}

/** The canonical content words of a prompt, and the phrases that qualify what it asks. */
export function differenceReading(text: string): DifferenceReading {
  // "Node.js" is the runtime, not Node and JavaScript: the name alone, as users also write it.
  // "C#" and "C++" lose their sign in the tokens and would both read "C".
  // Each pass only when its mark is there: prompts rarely have one, and this runs per lookup.
  let joined = text.includes('-') ? text.replace(/-/g, ' ') : text;
  if (/js\b/i.test(joined))
    joined = joined
      .replace(/\b(\w+)\.js\b/gi, '$1')
      .replace(/\b(node|react|vue|next|nuxt|express) js\b/gi, '$1');
  if (joined.includes('#')) joined = joined.replace(/\b([cf])#/gi, '$1sharp');
  if (joined.includes('++')) joined = joined.replace(/\bc\+\+/gi, 'cpp');
  const written = gluedNames(joined, questionTokens(joined));
  const tokens = replacePhrases(written, SYNONYMS);
  // Asked per token: a list walk made a long prompt cost tokens × tokens on every lookup.
  const writtenSet = new Set(written);
  const terms: string[] = [];
  const termAt: (string | null)[] = [];
  // An index loop: `entries()` made a pair per token on every lookup (decision 058).
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    // "From the customer's point of view" is a pointer; "view the logs" and "can view it" are
    // actions. ("how long" is read as "long" by the synonym table, before this loop.)
    const timed = timeTerm(token, tokens[i - 1]);
    const term =
      timed !== undefined
        ? timed
        : token === 'view' && tokens[i - 1] === 'of' && tokens[i - 2] === 'point'
          ? null
          : token === 'once'
            ? onceTerm(tokens[i - 1], tokens[i + 1], tokens[i + 2])
            : (token === 'key' && KEY_HEDGED.has(tokens[i + 1] ?? '')) ||
                (token === 'only' && COUNTED_ONCE.test(tokens[i + 1] ?? ''))
              ? null
              : (scopeTerm(token, tokens[i - 1], tokens[i + 1]) ??
                nameOrTerm(token, tokens[i - 1], tokens[i + 1]));
    // A word a phrase put there ("formula for" → "calculate") was not written as a noun.
    const sensed =
      term && writtenSet.has(token)
        ? nounSense(plainSense(term, token, tokens, i), token, tokens[i - 1])
        : term;
    termAt.push(sensed || null);
    if (sensed) terms.push(sensed);
  }
  // The tokens drop punctuation, so "type the @ symbol" and "type the # symbol" read alike.
  for (const m of text.matchAll(LONE_SYMBOLS)) terms.push(`sym:${m[1] ?? m[2]}`);
  return new Reading(terms, tokens, termAt);
}

/**
 * A reading whose head, general verbs and qualifying phrases are worked out from its tokens when
 * first read: most readings are asked only for their terms (the agreement check, the judgement
 * around a shared text, a pair refused by an earlier guard), so they never pay for the rest. Each
 * depends on the tokens and their terms alone, which nothing changes once read.
 */
class Reading implements DifferenceReading {
  #head: string | null | undefined;
  #generalVerbs: string[] | undefined;
  #qualifiers: string[][] | undefined;

  constructor(
    readonly terms: string[],
    private readonly tokens: readonly string[],
    private readonly termAt: readonly (string | null)[],
  ) {}

  get head(): string | null {
    if (this.#head === undefined) this.#head = headTerm(this.tokens, this.termAt);
    return this.#head;
  }

  get generalVerbs(): string[] {
    this.#generalVerbs ??= generalVerbsOf(this.tokens);
    return this.#generalVerbs;
  }

  get qualifiers(): string[][] {
    this.#qualifiers ??= qualifierPhrases({
      tokens: this.tokens,
      termAt: this.termAt,
      isVerb: isActionOrRequest,
      isFraming: isFramingVerb,
    });
    return this.#qualifiers;
  }
}

/**
 * Decision 149: words a determiner or a possessive opens ("the changes", "my edits", "a fix"), and
 * plurals after a participle ("staged changes", "uncommitted edits"), are nouns. Where the synonym
 * table folds verbs into a word that is also a noun ("edit" → "change"), the noun keeps a term of
 * its own: "edit the commit message" and "keep the changes" share no action. Nouns still fold
 * together ("my edits" / "my changes"), and verbs with verbs.
 */
const DETERMINERS = new Set(
  'a an the my your our their his her its these those this any some no every each'.split(' '),
);
const NOUN_MARK = ':noun';
const FOLDED_INTO = new Set([...SYNONYMS.words.values()].map(stemOf));

function nounSense(term: string, token: string, before: string | undefined): string {
  if (before === undefined || !FOLDED_INTO.has(term) || !ACTION_GROUP.has(term)) return term;
  const opened = DETERMINERS.has(before) || (PARTICIPLE_BEFORE.test(before) && token.endsWith('s'));
  return opened ? `${term}${NOUN_MARK}` : term;
}

/**
 * Decision 172: two loaded words that are also plain words, read as plain where their neighbours
 * say so. A word that bounds a quantity ("over 100 MB", "under a minute", "18 and over") bounds
 * nothing without one: "iterate over a map", "copy over ssh", "the cell above". "Go" is the
 * language only written bare and used as a name: "goes", "went", "going", "go back", "go into a
 * folder", "where does it go", "in one go" are the verb. Either keeps its word, marked, so it
 * still differs from a side without it; it is just no longer a constraint or a language. One set
 * lookup per written word, like `nounSense`.
 */
function plainSense(term: string, token: string, tokens: readonly string[], i: number): string {
  if (BOUNDS.has(term)) return boundsQuantity(tokens, i) ? term : `${term}${PLAIN_MARK}`;
  if (term !== GO) return term;
  const verb =
    GO_FORMS.has(token) ||
    GO_AFTER.has(tokens[i + 1] ?? '') ||
    GO_BEFORE.has(tokens[i - 1] ?? '') ||
    (tokens[i - 1] === 'one' && tokens[i - 2] === 'in');
  return verb ? `${term}${PLAIN_MARK}` : term;
}

const PLAIN_MARK = ':plain';
const BOUNDS = new Set('over under above below'.split(' ').map(stemOf));
const GO = stemOf('go');
/** The verb's own forms: "golang" is read as "go" too, and is the language. */
const GO_FORMS = new Set('goes going went gone'.split(' '));
/** Particles and prepositions after "go" that make it a verb: "go back", "go into", "go wrong". */
const GO_AFTER = new Set(
  'back into through away ahead down up out off wrong missing live there here home'.split(' '),
);
/** Auxiliaries before "go": "where does it go", "should it go", "let's go". */
const GO_BEFORE = new Set(
  'does do did will would should can could must lets let it they'.split(' '),
);
/** Time, size and count units that "a" / "an" may count: "under a minute", "over a gigabyte". */
const COUNTED_UNITS =
  /^(?:second|minute|hour|day|week|month|year|dozen|hundred|thousand|million|billion|kb|mb|gb|tb|byte|kilobyte|megabyte|gigabyte|mile|km|meter|metre|kilo|pound|dollar|percent)s?$/;

/** A number (or "a" unit) right after the word, or "N and/or over" before it. */
function boundsQuantity(tokens: readonly string[], i: number): boolean {
  const isNumber = (t: string | undefined) =>
    t !== undefined && (/\d/.test(t) || NUMBER_WORDS.has(t));
  const next = tokens[i + 1];
  if (isNumber(next) || (next === 'than' && isNumber(tokens[i + 2]))) return true;
  if ((next === 'a' || next === 'an' || next === 'one') && COUNTED_UNITS.test(tokens[i + 2] ?? ''))
    return true;
  return (tokens[i - 1] === 'and' || tokens[i - 1] === 'or') && isNumber(tokens[i - 2]);
}

/** A participle written before a noun: "staged", "uncommitted" (not "red" or "bed"). */
const PARTICIPLE_BEFORE = /^\w{3,}ed$/;

/** A past participle used as an adjective: "stashed", "scheduled", "hidden". */
const PARTICIPLE = /(?:ed|en)$/;

function headTerm(tokens: readonly string[], termAt: readonly (string | null)[]): string | null {
  const first = termAt.findIndex((term) => term !== null);
  const token = tokens[first];
  if (first < 0 || token === undefined || INFLECTED.test(token)) return null;
  const next = termAt.findIndex((term, i) => i > first && term !== null);
  return next > 0 && PARTICIPLE.test(tokens[next] ?? '') ? (termAt[first] ?? null) : null;
}

/**
 * "once" as a count of times ("set up once before all tests"), or null when it counts nothing:
 * "at once" (together: "upgrade all packages at once"), a rate that "every" says as well ("once a
 * minute" / "every minute"), or a conjunction that opens a clause ("once it is installed").
 */
function onceTerm(before?: string, after?: string, afterNext?: string): string | null {
  if (before === 'at') return null;
  if (
    after !== undefined &&
    RATE_WORDS.has(after) &&
    afterNext &&
    TIME_UNITS.has(stemOf(afterNext))
  )
    return null;
  if (after !== undefined && CLAUSE_OPENERS.has(after)) return null;
  return ONCE;
}

/**
 * Decision 154: a unit of time after a number, as written ("30s", "5 min", "2 hrs"), is that unit,
 * and "second" there or after "per" / "a" / "each" is time, not the ordinal, as the number guard
 * reads it ("a 30 second timeout" / "30s timeout"). The ":00" of a whole hour says nothing ("9:00"
 * / "9am"). Undefined for any other word.
 */
function timeTerm(token: string, before: string | undefined): string | null | undefined {
  if (before === undefined) return undefined;
  const afterNumber = /^\d+(?:\.\d+)?$/.test(before);
  if (afterNumber && token === '00') return null;
  const unit =
    afterNumber || (token === 'second' && PER_TIME.has(before))
      ? TIME_ABBREVIATIONS.get(token)
      : undefined;
  return unit === undefined ? undefined : termOf(unit);
}

const TIME_ABBREVIATIONS = new Map([
  ['s', 'seconds'],
  ['sec', 'seconds'],
  ['secs', 'seconds'],
  ['second', 'seconds'],
  ['ms', 'milliseconds'],
  ['min', 'minutes'],
  ['mins', 'minutes'],
  ['h', 'hours'],
  ['hr', 'hours'],
  ['hrs', 'hours'],
]);
/** Words before "second" that make it a unit of time: "one per second", "twice a second". */
const PER_TIME = new Set('per a each every'.split(' '));

const ONCE = 'once';
/**
 * A count after "only" says "no more" itself (decision 154): "run only once" is "run once", "keep
 * only 3 backups" is "keep 3 backups". "Only" before anything else narrows what it names.
 */
const COUNTED_ONCE =
  /^(?:once|twice|one|two|three|four|five|six|seven|eight|nine|ten|\d+(?:\.\d+)?)$/;
/** Words after "once" that make it a rate: "once a day", "once per hour". */
const RATE_WORDS = new Set('a an per every each'.split(' '));
/** Words after "once" that open a clause: it is then "when", not a count. */
const CLAUSE_OPENERS = new Set(
  'i you we they he she it the my your our their this that these those its everything'.split(' '),
);

/**
 * A request verb with a name before it and an action after it frames nothing: it is part of the
 * name, a tool's own word ("docker **compose** build", "npm **show** version"… when an action
 * follows). It keeps its word, marked as a name, so a prompt without it asks about another tool.
 */
function nameOrTerm(token: string, before?: string, after?: string): string | null {
  const term = adverbOr(token, termOf(token));
  // A tool's word is bare: "the compiler says imported and not used" reports what it says.
  if (
    term !== REQUEST ||
    before === undefined ||
    after === undefined ||
    INFLECTED.test(token) ||
    TAKES_A_VERB.has(token)
  )
    return term;
  const beforeTerm = termOf(before);
  const afterTerm = termOf(after);
  const named =
    beforeTerm !== null &&
    beforeTerm !== REQUEST &&
    !ACTION_GROUP.has(beforeTerm) &&
    afterTerm !== null &&
    ACTION_GROUP.has(afterTerm);
  return named ? `${NAME_MARK}${stemOf(token)}` : term;
}

const INFLECTED = /(?:s|ed|ing)$/;
/** Request verbs that take another verb after them ("need install", "help create"): they frame it. */
const TAKES_A_VERB = new Set('need want like help come'.split(' '));
/** The mark of a request verb read as part of a name (`nameOrTerm`). */
const NAME_MARK = 'name:';

/** A verb the qualifier rule must not read as a noun phrase: "for deleting", "with creating". */
function isActionOrRequest(term: string): boolean {
  return term === REQUEST || ACTION_GROUP.has(term);
}

/** A request verb, or a verb of the group that finds or reads what is there (check, find, list). */
function isFramingVerb(term: string): boolean {
  return term === REQUEST || ACTION_GROUP.get(term) === ACTION_GROUP.get('check');
}

/**
 * A symbol a question is about: one quoted character (`","`), or a sign that is no sentence
 * punctuation standing alone ("the @ symbol").
 */
const LONE_SYMBOLS = /(?:^|\s)(?:["'`]([^\w\s])["'`]|([@#$%&*~^|\\/+=<>;]))(?=\s|$|[?.,!:)])/g;

/**
 * A qualifying adverb keeps its own form where the synonym table would fold it into an adjective
 * ("safely" into "safe"): the rule that refuses an added qualifier reads its -ly. Request verbs
 * that end in -ly ("reply", "apply") stay the request.
 */
function adverbOr(token: string, term: string | null): string | null {
  return term !== null && term !== REQUEST && isQualifierAdverb(token) ? token : term;
}

/**
 * The scope class of a word read with its neighbours; '' for a word the part word after it
 * already says ("only one", "just a single"); undefined for any other word.
 */
function scopeTerm(token: string, before?: string, after?: string): string | undefined {
  if (WHOLE_WORDS.has(token) || (SET_NOUNS.has(token) && after === 'of')) return WHOLE;
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

// A word's term depends on the word alone, and prompts keep reusing a small vocabulary: each is
// worked out once (every cache lookup that meets a near neighbour reads its prompt's terms).
/** The word's canonical term, or null for a word the diff ignores. */
const termOf = wordMemo(20_000, (token) => workOutTerm(token));

function workOutTerm(token: string): string | null {
  if (POINTERS.has(token) || HEDGE_ADVERBS.has(token)) return null;
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

export interface Difference {
  /** Words only the first prompt has, after moved words (reordered clauses) cancel out. */
  onlyA: string[];
  onlyB: string[];
  /** Words both prompts share in order (at least, when `capped`). */
  shared: number;
  /**
   * The parts that differ were too long to align (DIFF_MAX_CELLS): `shared` counts only the words
   * both prompts start and end with. The difference check refuses such a pair.
   */
  capped?: true;
}

/**
 * The most cells (words of one side's differing middle times the other's) the word alignment
 * fills: about a millisecond. Two prompts of a few thousand words that differ at both ends would
 * otherwise fill tens of millions, seconds of the event loop for one cache lookup (decision 094).
 */
export const DIFF_MAX_CELLS = 250_000;

/**
 * A word-level diff (longest common subsequence) of two term lists; moved words cancel. The words
 * both lists start and end with are shared as they are; only the middle is aligned, and not at
 * all past DIFF_MAX_CELLS. What is only on one side does not depend on the alignment: moved
 * words cancel, so it is each side's words less the other's, counted.
 */
export function diffTerms(a: string[], b: string[]): Difference {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rowsA = endA - start;
  const colsB = endB - start;
  const around = start + (a.length - endA);
  const capped = rowsA * colsB > DIFF_MAX_CELLS;
  const shared = around + (capped ? 0 : middleShared(a, b, start, endA, endB));
  const pool = new Map<string, number>();
  for (let j = start; j < endB; j++) {
    const word = b[j] as string;
    pool.set(word, (pool.get(word) ?? 0) + 1);
  }
  const onlyA: string[] = [];
  for (let i = start; i < endA; i++) {
    const word = a[i] as string;
    const left = pool.get(word) ?? 0;
    if (left > 0) pool.set(word, left - 1);
    else onlyA.push(word);
  }
  const onlyB: string[] = [];
  for (let j = start; j < endB; j++) {
    const word = b[j] as string;
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      onlyB.push(word);
      pool.set(word, left - 1);
    }
  }
  return capped ? { onlyA, onlyB, shared, capped: true } : { onlyA, onlyB, shared };
}

/** The longest common subsequence of a[start, endA) and b[start, endB), words as numbers. */
function middleShared(a: string[], b: string[], start: number, endA: number, endB: number): number {
  const rows = endA - start;
  const cols = endB - start;
  if (rows === 0 || cols === 0) return 0;
  const ids = new Map<string, number>();
  const idsOf = (words: string[], end: number) => {
    const out = new Int32Array(end - start);
    for (let k = start; k < end; k++) {
      const word = words[k] as string;
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      out[k - start] = id;
    }
    return out;
  };
  const x = idsOf(a, endA);
  const y = idsOf(b, endB);
  // Two rows of the table: only its length is read.
  let next = new Uint32Array(cols + 1);
  let row = new Uint32Array(cols + 1);
  for (let i = rows - 1; i >= 0; i--) {
    const xi = x[i] as number;
    for (let j = cols - 1; j >= 0; j--) {
      const down = next[j] as number;
      const right = row[j + 1] as number;
      row[j] = xi === y[j] ? (next[j + 1] as number) + 1 : Math.max(down, right);
    }
    [next, row] = [row, next];
  }
  return next[0] as number;
}

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
  const { shared } = folded;
  const { onlyA, onlyB } = withoutGeneralVerbs(folded, verbsA, verbsB, inActionGroup);
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
  if (addsHeadAction(a, b, onlyA, onlyB, heads[0]) || addsHeadAction(b, a, onlyB, onlyA, heads[1]))
    return 'action';
  if (negationMoved(a, b)) return 'moved_negation';
  // A rewording swaps words on both sides; an added condition ("if I'm not the host", "focus on
  // the marketing department") only adds them.
  const alone = Math.min(onlyA.length, onlyB.length) === 0 ? onlyA.length + onlyB.length : 0;
  if (alone > 0 && [...onlyA, ...onlyB].some(isQualifierAdverb)) return 'adverb';
  if (alone >= MAX_ADDED_ALONE) return 'added_alone';
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
 * Decision 145: a format, constraint or instruction word among the changed words of a rewording
 * ("show dotfiles in the mac finder" / "make hidden files visible in Finder"), which the pair
 * verifier's second look may let through. Each side must change other words as well: a loaded
 * word that is all one side changes is what a near-miss adds ("list only hidden files"). A
 * language, audience or measure, a number and a scope word still refuse.
 */
function waivableInRewording(
  onlyA: string[],
  onlyB: string[],
  loaded: (word: string) => boolean,
): boolean {
  // Decision 172: a name with digits glued in ("2fa", "base64", "ec2") on one side only is named
  // another way on the other ("two-step verification", "decoded"); against another such name
  // ("ipv4" / "ipv6", "ec2" / "s3") or any number it still refuses.
  const glued = (word: string) => /\d/.test(word) && /[a-z]/.test(word);
  const gluedOneSide = !onlyA.some(glued) || !onlyB.some(glued);
  const fixed = (word: string) =>
    FIXED.has(word) || (/\d/.test(word) && !(gluedOneSide && glued(word))) || word === WHOLE;
  return (
    onlyA.some((word) => !loaded(word)) &&
    onlyB.some((word) => !loaded(word)) &&
    ![...onlyA, ...onlyB].some(fixed)
  );
}

/**
 * One side changes an action verb and the other changes none (decision 145): "the most recent
 * commit message" / "undo the last commit and keep the changes" do something else to the same
 * thing. At the threshold the difference check lets a lone action through (a request said with
 * and without its verb); the second look below it does not waive anything for such a pair.
 * Decision 149 reads "the changes" as a noun, so that pair is now also refused as two actions;
 * this rule stays: narrowed to a side with no action at all, it let "the most recent commit
 * message in git" / "revert the last git commit and keep my work" through (0.749, the verifier
 * accepts), since "commit" there is a noun the action list cannot tell from the verb.
 */
function loneAction(onlyA: string[], onlyB: string[]): boolean {
  const acts = (words: string[]) => words.some((word) => ACTION_GROUP.has(word));
  return acts(onlyA) !== acts(onlyB);
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

/**
 * "Once" on one side and a word for each member on the other: "set up once before all tests" /
 * "before each test" do it one time against once a member. "Once" alone ("bypass the hook once" /
 * "for one commit") asks what the other side asks.
 */
function onceAgainstEach(a: string[], b: string[], onlyA: string[], onlyB: string[]): boolean {
  if (onlyA.includes(ONCE) === onlyB.includes(ONCE)) return false;
  return (onlyA.includes(ONCE) ? b : a).includes(WHOLE);
}

/**
 * The diff once spelling variants, compounds and lone framing request verbs are folded: what the
 * rules read. Words cancelled as variants count as shared.
 */
export function foldedDifference(a: string[], b: string[]): Difference {
  const diff = diffTerms(a, b);
  // Refused as it is: cancelling spelling variants compares every word of one side with every
  // word of the other, as costly as the alignment that was not done.
  if (diff.capped) return diff;
  const variants = cancelVariants(diff.onlyA, diff.onlyB);
  const shared = diff.shared + diff.onlyA.length - variants.onlyA.length;
  // "the last commit" / "the last few commits": a set word beside a member word both sides share
  // asks for more members of it, not the same one.
  const sharedMember = a.some((w) => PART_TERMS.has(w)) && b.some((w) => PART_TERMS.has(w));
  return { ...withoutLoneScope(withoutLoneRequests(variants), sharedMember), shared };
}

/**
 * A scope word on one side only is dropped ("list all databases" / "list databases"); against
 * the other class on the other side it stays, and refuses: "all occurrences" / "the next one".
 */
function withoutLoneScope(
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
 * Prefixes that turn a word into its opposite, undo it or make it another action: "unstaged" /
 * "staged", "uninstall" / "install", "deselect" / "select", "remove" / "move", "reset" / "set",
 * "restart" / "start", "rename" / "name". Such a pair is never two spellings of one word.
 */
const OPPOSITE_PREFIXES = new Set(['un', 'non', 'dis', 'de', 'anti', 're', 'im', 'in', 'ir', 'il']);

function isOppositeByPrefix(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  // endsWith first: it builds nothing, and this runs for every pair of changed words.
  return (
    long.length > short.length &&
    long.endsWith(short) &&
    OPPOSITE_PREFIXES.has(long.slice(0, long.length - short.length))
  );
}

/** A word of one side is the other side's word with one of OPPOSITE_PREFIXES. */
function hasPrefixOpposite(onlyA: string[], onlyB: string[]): boolean {
  return onlyA.some((x) => onlyB.some((y) => isOppositeByPrefix(x, y)));
}

/**
 * An adverb that qualifies the action ("permanently", "recursively", "globally", "silently"):
 * added with nothing in its place, it narrows or widens what is asked.
 */
function isQualifierAdverb(word: string): boolean {
  return word.length >= 6 && word.endsWith('ly') && !HEDGE_ADVERBS.has(word);
}

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
const isSameWord = (x: string, y: string) => isVariant(x, y) || isTypo(x, y);

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

const isKnownStem = knownStemTest(stemOf);

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

/**
 * Drops the words of one side that are spelling variants of a word of the other side, and a
 * compound written as two words on one side ("user name" / "username", "drop down" / "dropdown").
 */
function cancelVariants(onlyA: string[], onlyB: string[]): { onlyA: string[]; onlyB: string[] } {
  const [restA, restB] = cancelCompounds(onlyA, onlyB);
  const [restB2, restA2] = cancelCompounds(restB, restA);
  const variants = cancelPairs(restA2, restB2, isVariantOrDuration);
  // Typos matter only where a few words are left to compare: a pair that differs in more is
  // refused or missed whatever they are, and this is a comparison per word pair.
  if (variants.onlyA.length > TYPO_SIDE_MAX || variants.onlyB.length > TYPO_SIDE_MAX)
    return variants;
  return cancelPairs(variants.onlyA, variants.onlyB, isTypo);
}

/**
 * "How long" (read as "long" by the synonym table) and a unit of time ask one thing (decision
 * 059): "how long should I boil an egg" / "how many minutes do I boil an egg". Without this the
 * length constraint "long" refused them.
 */
const TIME_UNITS = new Set('second minute hour day week month year'.split(' ').map(stemOf));
const LONG = stemOf('long');

/** A negation and a failure word say one thing (decision 069): "won't start" / "fails to start". */
const NOT = 'not';
const FAILING = new Set([...FAILURES].map(stemOf));

function isVariantOrDuration(x: string, y: string): boolean {
  return (
    (x === LONG && TIME_UNITS.has(y)) ||
    (y === LONG && TIME_UNITS.has(x)) ||
    (x === NOT && FAILING.has(y)) ||
    (y === NOT && FAILING.has(x)) ||
    isVariant(x, y)
  );
}

/** Changed words per side up to which typos are looked for. */
const TYPO_SIDE_MAX = 4;

/** Drops each word of `a` that `same` pairs with a word of `b`, and that word. */
function cancelPairs(
  a: string[],
  b: string[],
  same: (x: string, y: string) => boolean,
): { onlyA: string[]; onlyB: string[] } {
  const otherB = [...b];
  const kept: string[] = [];
  for (const word of a) {
    const at = otherB.findIndex((other) => same(word, other));
    if (at >= 0) otherB.splice(at, 1);
    else kept.push(word);
  }
  return { onlyA: kept, onlyB: otherB };
}

/** Removes two adjacent words of `split` that make a word of `joined`, and that word. */
function cancelCompounds(split: string[], joined: string[]): [string[], string[]] {
  const restSplit = [...split];
  const restJoined = [...joined];
  for (let i = 0; i + 1 < restSplit.length; i++) {
    const compound = `${restSplit[i]}${restSplit[i + 1]}`;
    const at = restJoined.indexOf(compound);
    if (at < 0) continue;
    restJoined.splice(at, 1);
    restSplit.splice(i, 2);
    i--;
  }
  return [restSplit, restJoined];
}

/**
 * A request verb on one side only frames the request ("find and kill" / "kill"), unless it is all
 * that changed against one other word: then it is the action itself ("list" / "update").
 */
function withoutLoneRequests(diff: { onlyA: string[]; onlyB: string[] }): {
  onlyA: string[];
  onlyB: string[];
} {
  const { onlyA, onlyB } = diff;
  const actionSwap = (x: string[], y: string[]) =>
    x.length === 1 && x[0] === REQUEST && y.length === 1;
  if (actionSwap(onlyA, onlyB) || actionSwap(onlyB, onlyA)) return diff;
  return {
    onlyA: onlyA.filter((word) => word !== REQUEST),
    onlyB: onlyB.filter((word) => word !== REQUEST),
  };
}

/**
 * Verbs that name what is done to a thing, in groups of verbs that ask for the same action
 * (set / change / configure / upgrade; check / list / find / read / show what is there; run /
 * start / trigger; save / export; disable / stop / prevent; undo / revert; create / add /
 * generate; copy / clone). Synonyms are folded before (`synonyms.ts`: delete → remove, update →
 * change, see → check). Each verb of the last line is a group of its own.
 */
const ACTION_GROUPS: string[] = [
  'set change configure enable upgrade',
  'check list find get read load print watch follow search show decode',
  'run start trigger launch schedule',
  'save export',
  'disable stop prevent block',
  'undo revert rollback',
  'create add generate',
  'copy clone',
  'install uninstall delete remove rename move restore downgrade merge rebase push pull fetch commit reset redo restart kill open close write sort filter count sum group join split convert parse format encode encrypt decrypt compress extract download upload deploy build debug send receive replace insert append edit backup increase reduce calculate share sync cancel retry skip ignore exclude include freeze squash hide unlock lock mount unmount connect disconnect import',
];
/** Action verb stem → its group; a verb alone in the last line is a group of its own. */
const ACTION_GROUP = new Map<string, string>();
for (const [i, line] of ACTION_GROUPS.entries()) {
  const alone = i === ACTION_GROUPS.length - 1;
  for (const verb of line.split(' ')) {
    const stem = stemOf(verb);
    if (!ACTION_GROUP.has(stem)) ACTION_GROUP.set(stem, alone ? stem : String(i));
  }
}

/** A changed word is an action of the same group as `action` ("read" and "check"). */
function inActionGroup(word: string, action: string): boolean {
  const group = ACTION_GROUP.get(word);
  return group !== undefined && group === ACTION_GROUP.get(stemOf(action));
}

/**
 * One side does one thing to the object and the other side another ("find" / "create a new
 * user", "update packages" / "install Homebrew"), whatever else was reworded: an action of one
 * side that no action of the other side shares a group with.
 */
function actionsDiffer(onlyA: string[], onlyB: string[]): boolean {
  const groupsB = onlyB.map((word) => ACTION_GROUP.get(word)).filter((g) => g !== undefined);
  if (groupsB.length === 0) return false;
  return onlyA.some((word) => {
    const group = ACTION_GROUP.get(word);
    return group !== undefined && !groupsB.includes(group);
  });
}

/**
 * Decision 142: one prompt is the other with an action verb put first, before the word the other
 * prompt opens with: "list my stashed changes" / "stash my changes", "edit a scheduled message" /
 * "schedule a message". The other prompt's action has become what the new one acts on.
 */
function addsHeadAction(
  x: string[],
  y: string[],
  onlyX: string[],
  onlyY: string[],
  headX: string | null,
): boolean {
  const added = onlyX[0];
  return (
    onlyY.length === 0 &&
    added === headX &&
    onlyX.length === 1 &&
    added !== undefined &&
    ACTION_GROUP.has(added) &&
    x[0] === added &&
    x[1] !== undefined &&
    x[1] === y[0]
  );
}

/** The words right after each "not" of a prompt: what it negates. */
function negatedWords(terms: string[]): string[] {
  const negated: string[] = [];
  for (let i = 0; i + 1 < terms.length; i++)
    if (terms[i] === NOT) negated.push(terms[i + 1] as string);
  return negated;
}

const QUESTION_WORDS = new Set('why how what when where which who'.split(' '));

/** "Not" comes before every term but a question word: an inverted "didn't", "isn't". */
function opensWithNot(terms: string[]): boolean {
  const first = terms.findIndex((term) => !QUESTION_WORDS.has(term));
  return terms[first] === NOT;
}

/**
 * Decision 142: both prompts say "not", about different words each of them has: "does not
 * rebuild … after changing" / "rebuilds … did not change". The diff cancels the moved "not"
 * and the negation guard counts one on each side, so neither saw the question turn around.
 */
function negationMoved(a: string[], b: string[]): boolean {
  // A question that opens with its negated auxiliary ("why didn't my bread rise") puts the subject
  // between "not" and the word it negates: the word after it says nothing there.
  if (opensWithNot(a) || opensWithNot(b)) return false;
  const negA = negatedWords(a);
  const negB = negatedWords(b);
  if (negA.length === 0 || negA.length !== negB.length) return false;
  const movedTo = (neg: string[], other: string[], otherNeg: string[]) =>
    neg.some((word) => !otherNeg.includes(word) && other.includes(word));
  return movedTo(negA, b, negB) && movedTo(negB, a, negA);
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
