// How the difference check reads a prompt: its canonical content words, in order.
import { questionTokens } from '../embedding/question-tokens.ts';
import { ACTION_GROUP, twoWordAction } from './action-groups.ts';
import { generalVerbsOf } from './general-verbs.ts';
import { guideIdiomReader } from './guide-idioms.ts';
import { gluedNames, INFLECTED, nameOrTerm } from './name-terms.ts';
import { saysOnlyWithElse } from './negation-words.ts';
import { replacePhrasesKeepingNouns } from './noun-before-particle.ts';
import { clauseBreaks, qualifierPhrases } from './qualifier-phrases.ts';
import { codenameVersion } from './release-codenames.ts';
import { type CountedNouns, countedNouns, restatesOneMember, scopeTerm } from './scope-terms.ts';
import { sameTimeTerm } from './time-openers.ts';
import { COUNTED_ONCE, onceTerm, timeTerm } from './time-terms.ts';
import { nounSense, plainSense, sideSense } from './word-senses.ts';
import { REQUEST, SYNONYMS, termOf } from './word-terms.ts';

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
 * Decision 245: "rather than" says what "instead of" says (the synonym table's "substitute"); read
 * as "rather" it made "with a magic link rather than a password" / "… instead of …" a swap.
 */
const SUBSTITUTE = termOf('substitute');
const ONLY = termOf('only') ?? 'only';

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
  /** The nouns it counts as a whole set or as one member (`scope-terms.ts`, decision 178). */
  readonly countedNouns: CountedNouns;
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
  const tokens = replacePhrasesKeepingNouns(written, SYNONYMS);
  // Asked per token: a list walk made a long prompt cost tokens × tokens on every lookup.
  const writtenSet = new Set(written);
  const terms: string[] = [];
  const termAt: (string | null)[] = [];
  const inGuideIdiom = guideIdiomReader(tokens);
  // An index loop: `entries()` made a pair per token on every lookup (decision 058).
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    // "for 10.0.0.15, nobody else" says "only" (decision 248): one term for the two or three words.
    if (saysOnlyWithElse(tokens, i)) {
      terms.push(ONLY);
      termAt.push(ONLY);
      const end = tokens[i + 1] === 'else' ? i + 1 : i + 2;
      for (; i < end; i++) termAt.push(null);
      continue;
    }
    const action = twoWordAction(token, tokens[i + 1]);
    if (action !== undefined) {
      terms.push(action);
      termAt.push(action, null);
      i++;
      continue;
    }
    // "From the customer's point of view" is a pointer; "view the logs" and "can view it" are
    // actions. ("how long" is read as "long" by the synonym table, before this loop.) "Even
    // though" sets a clause against what was expected, as "still" does (decision 178).
    const unit = timeTerm(token, tokens[i - 1]);
    const timed = unit === undefined ? sameTimeTerm(token, tokens[i + 1]) : unit;
    // A release codename reads as its version: "debian bookworm" is "debian 12", and "debian 12
    // (bookworm)" names it once.
    const named = codenameVersion(token, tokens[i - 1]);
    const release = named !== undefined && versionBeside(tokens, i, named) ? null : named;
    const term =
      timed !== undefined
        ? timed
        : token === 'view' && tokens[i - 1] === 'of' && tokens[i - 2] === 'point'
          ? null
          : token === 'rather' && tokens[i + 1] === 'than'
            ? SUBSTITUTE
            : release !== undefined
              ? release
              : token === 'once'
                ? onceTerm(tokens[i - 1], tokens[i + 1], tokens[i + 2])
                : (token === 'key' && KEY_HEDGED.has(tokens[i + 1] ?? '')) ||
                    (token === 'only' &&
                      (COUNTED_ONCE.test(tokens[i + 1] ?? '') || restatesOneMember(tokens, i))) ||
                    (token === 'even' && tokens[i + 1] === 'though') ||
                    inGuideIdiom(i)
                  ? null
                  : (scopeTerm(token, tokens[i - 1], tokens[i + 1]) ??
                    sideSense(token, tokens[i + 1]) ??
                    nameOrTerm(token, tokens[i - 1], tokens[i + 1]));
    // A word a phrase put there ("formula for" → "calculate") was not written as a noun.
    const sensed =
      term && writtenSet.has(token)
        ? nounSense(plainSense(term, token, tokens, i), token, tokens[i - 1], tokens[i + 1])
        : term;
    termAt.push(sensed || null);
    if (sensed) terms.push(sensed);
  }
  // The tokens drop punctuation, so "type the @ symbol" and "type the # symbol" read alike.
  for (const m of text.matchAll(LONE_SYMBOLS)) terms.push(`sym:${m[1] ?? m[2]}`);
  return new Reading(terms, tokens, termAt, written, text);
}

/** Review of 245: only a version written beside the codename is the same release said twice. */
function versionBeside(tokens: readonly string[], i: number, version: string): boolean {
  for (let j = Math.max(0, i - 3); j <= i + 3; j++) if (tokens[j] === version) return true;
  return false;
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
  #countedNouns: CountedNouns | undefined;

  constructor(
    readonly terms: string[],
    private readonly tokens: readonly string[],
    private readonly termAt: readonly (string | null)[],
    private readonly written: readonly string[],
    private readonly text: string,
  ) {}

  get head(): string | null {
    if (this.#head === undefined) this.#head = headTerm(this.tokens, this.termAt);
    return this.#head;
  }

  get generalVerbs(): string[] {
    this.#generalVerbs ??= generalVerbsOf(this.tokens, this.written);
    return this.#generalVerbs;
  }

  get countedNouns(): CountedNouns {
    this.#countedNouns ??= countedNouns(this.tokens, this.termAt);
    return this.#countedNouns;
  }

  get qualifiers(): string[][] {
    this.#qualifiers ??= qualifierPhrases({
      tokens: this.tokens,
      termAt: this.termAt,
      isVerb: isActionOrRequest,
      isFraming: isFramingVerb,
      breaks: clauseBreaks(this.text),
    });
    return this.#qualifiers;
  }
}

/** A past participle used as an adjective: "stashed", "scheduled", "hidden". */
const PARTICIPLE = /(?:ed|en)$/;

function headTerm(tokens: readonly string[], termAt: readonly (string | null)[]): string | null {
  const first = termAt.findIndex((term) => term !== null);
  const token = tokens[first];
  if (first < 0 || token === undefined || INFLECTED.test(token)) return null;
  const next = termAt.findIndex((term, i) => i > first && term !== null);
  return next > 0 && PARTICIPLE.test(tokens[next] ?? '') ? (termAt[first] ?? null) : null;
}

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
