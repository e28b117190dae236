// Opposite meaning in otherwise similar words: a negation ("can" / "cannot"), a pair of opposite
// actions ("turn on" / "turn off", "enable" / "disable", "upload" / "download"), a reversed
// direction ("Celsius to Fahrenheit" / "Fahrenheit to Celsius"), or the same thing owned by
// another or of another age ("take my version" / "their version", "old phone" / "new phone").

import { STOPWORDS } from '../embedding/question-tokens.ts';
import { type AllowedActions, allowedActions, allowedActorsDiffer } from './allowed-actors.ts';
import {
  DIRECTED_WORDS,
  directedPairs,
  reversedDirection,
  sameDirection,
} from './directed-pairs.ts';
import {
  FAILURES,
  failedActionSaidPlainly,
  failedActions,
  failureForNegation,
} from './failure-words.ts';
import { markedWords, marksDiffer } from './marked-words.ts';
import { negatedWords, negationReworded } from './negation-rewording.ts';
import { NEGATIONS, negationCount } from './negation-words.ts';
import { stemsOf } from './opposite-stems.ts';
import { particlesDiffer, phrasalParticles } from './phrasal-particles.ts';

const ENABLE_PAIR = 0;
/**
 * Decision 142: going into a thing and getting out of it ("boot into safe mode" / "get out of safe
 * mode", "copy files into a container" / "out of a container") ask the reverse. A pair of its own,
 * outside OPPOSITES: the sides are read from the phrase, not from one word's stem.
 */
const INTO_PAIR = -1;
const INTO_OUT_OF = /\b(into|out\s+of)\b/gi;
/**
 * A verb that makes one thing of another: then "into" and "out of" name what it becomes and what
 * it is made from ("turn these minutes into a task list" / "make a task list out of them").
 */
const MAKES_OF =
  /\b(?:turn|turns|turned|turning|convert\w*|transform\w*|make|makes|made|making|build|builds|built|creat\w*|generat\w*)\b/i;
/**
 * Every form of the switching verbs (decision 236: "which setting turns off autosave" / "… turns on
 * …" read no particle). "logs" and "signs" are left out: as often nouns ("the logs in kibana").
 */
const ON_OFF =
  /\b(?:turns?|turned|turning|switch|switch(?:es|ed|ing)|powers?|power(?:ed|ing)|toggles?|toggl(?:ed|ing)|shuts?|shutting|log|logged|sign|signed)(?:\s+\S+){0,3}?\s+(on|off|in|out|up|down)\b/gi;

export interface Polarity {
  negations: number;
  /** Failure words (FAILURES): a negation said another way, read only against a negation. */
  failures: number;
  /** The actions a failure word says did not happen: "start" in "fails to start". */
  failedActions: string[];
  /** Every word, to find a failed action said plainly on the other side ("nginx starts"). */
  words: readonly string[];
  /** Asks to switch something off, stop or prevent it (also "turn off", "shut down"). */
  switchesOff: boolean;
  /** A switched-off state is named ("all stopped containers"), not asked for. */
  offState: boolean;
  /** Some word may name a state ("exited", "running"): another way to say a stopped one. */
  participle: boolean;
  sides: Map<number, Set<number>>;
  toPairs: Set<string>;
  /** The directed pairs of the nearest content words around each directing word (decision 149). */
  nearPairs: Set<string>;
  /**
   * The content words each negation bears on, within three words after it: "without **losing**
   * my", "does not **ask** for", "doesn't **get enough sleep**" (decision 149).
   */
  negated: string[][];
  /** Whose, and how old, the thing each word names is ("my" / "their" version, a new / old phone). */
  marks: Map<string, string>;
  /** The particle each phrasal verb takes ("talk me out of" / "talk me through"). */
  particles: Map<string, Set<string>>;
  /** Actions open to everyone and kept to "only" some ("everyone can view, only my team can edit"). */
  allowed: AllowedActions;
}

export function polarityOf(words: readonly string[], text: string): Polarity {
  const negations = negationCount(words, text);
  const failures = words.filter((w) => FAILURES.has(w)).length;
  const sides = new Map<number, Set<number>>();
  const mark = (pair: number, side: number) => {
    const set = sides.get(pair) ?? new Set<number>();
    set.add(side);
    sides.set(pair, set);
  };
  let switchingWord = false;
  let offState = false;
  let participle = false;
  words.forEach((word, i) => {
    const stems = namesASetting(words, i) ? NO_STEMS : stemsOf(word);
    const state = describesState(words, i);
    // "remove all stopped containers" asks about containers in a state, not to stop them; it
    // keeps its side of the pair, so "all stopped" / "all running containers" still differ.
    if (state && RUNNING_STATES.has(word)) mark(ENABLE_PAIR, 0);
    for (const [pair, side] of stems.marks) mark(pair, side);
    switchingWord ||= stems.switchesOff && !state;
    offState ||= stems.switchesOff && state;
    participle ||= word.endsWith('ed') || RUNNING_STATES.has(word);
  });
  // Switching off is said by a verb ("disable", "stop") or a particle ("turn off"), not by every
  // word of the pair's other side: "wait for it to finish" and "before blocks" switch nothing off.
  let switchedOff = false;
  for (const match of text.matchAll(ON_OFF)) {
    const particle = (match[1] ?? '').toLowerCase();
    const on = particle === 'on' || particle === 'in' || particle === 'up';
    mark(ENABLE_PAIR, on ? 0 : 1);
    switchedOff ||= !on;
  }
  if (!MAKES_OF.test(text))
    for (const match of text.matchAll(INTO_OUT_OF))
      mark(INTO_PAIR, (match[1] ?? '').toLowerCase() === 'into' ? 0 : 1);
  const switchesOff = switchingWord || switchedOff;
  return {
    negations,
    failures,
    failedActions: failedActions(words),
    words,
    switchesOff,
    offState,
    participle,
    sides,
    toPairs: directedPairs(words, DIRECTED_WORDS),
    nearPairs: directedPairs(words, 1),
    negated: negatedWords(words),
    marks: markedWords(words),
    particles: phrasalParticles(text),
    allowed: allowedActions(text),
  };
}

/**
 * Decision 233: "setting" after a determiner or a question word ("which setting", "the setting") is
 * a configuration option, as "settings" is, not the action opposite "get": "VS Code: turn on format
 * on save, what setting is it?" / "how do I get VS Code to format on save" ask one thing.
 */
const SETTING_OPENERS = new Set(
  'a an the this that which what any each every no one some my your our'.split(' '),
);
const NO_STEMS = { marks: [], switchesOff: false } as const;
function namesASetting(words: readonly string[], i: number): boolean {
  return words[i] === 'setting' && SETTING_OPENERS.has(words[i - 1] ?? '');
}

/** Words before a participle that make it say the state of what follows: "all stopped containers". */
const DETERMINERS = new Set(
  'a an the all any every each my your our their its his her these those some no of'.split(' '),
);
/** States said with a word outside OPPOSITES that are the other side of a stopped one. */
const RUNNING_STATES = new Set(['running', 'active']);

/**
 * Decision 154: a participle after a determiner and before a content word names a state ("the
 * stopped containers", "all stopped jobs"), not an action asked for ("stop the containers"); so
 * does "running" or "active" before a content word ("including running ones").
 */
function describesState(words: readonly string[], i: number): boolean {
  const word = words[i] as string;
  const next = words[i + 1];
  if (next === undefined || STOPWORDS.has(next) || NEGATIONS.has(next)) return false;
  // "including running ones": a running thing needs no determiner to be one.
  return RUNNING_STATES.has(word) || (word.endsWith('ed') && DETERMINERS.has(words[i - 1] ?? ''));
}

/**
 * True when the two prompts point in opposite directions. `secondLook` is the pair verifier's
 * look below the threshold (decision 149): there a negation whose word the other prompt does not
 * have, in a rewording, is read as another way to say it ("without losing my changes" / "keep my
 * changes"), and a reversal must join the nearest words around "to" / "from" on one side.
 */
export function polarityDiffers(a: Polarity, b: Polarity, secondLook = false): boolean {
  if (
    a.negations % 2 !== b.negations % 2 &&
    !failureForNegation(a, b) &&
    !(secondLook && negationReworded(a, b))
  )
    return true;
  if (failedActionSaidPlainly(a, b) || failedActionSaidPlainly(b, a)) return true;
  for (const [pair, sidesA] of a.sides) {
    const sidesB = b.sides.get(pair);
    // A prompt naming both sides ("open and close") is neutral on that pair.
    if (!sidesB || sidesA.size !== 1 || sidesB.size !== 1) continue;
    if ([...sidesA][0] !== [...sidesB][0]) return true;
  }
  if (a.switchesOff !== b.switchesOff) return true;
  // "remove all stopped containers" / "remove all containers": the other names no state at all,
  // so it takes the running ones too. A state said another way ("exited VMs") still agrees.
  if (a.offState !== b.offState && !(a.offState ? b : a).participle) return true;
  if (marksDiffer(a.marks, b.marks)) return true;
  if (particlesDiffer(a.particles, b.particles)) return true;
  if (allowedActorsDiffer(a.allowed, b.allowed)) return true;
  // Decision 236: either side's pair may be the one the other reverses ("copy from A into B" /
  // "copy from B into A" was refused with the first cached only).
  return reversesDirection(a, b, secondLook) || reversesDirection(b, a, secondLook);
}

/** A pair of `a`'s directed words that `b` joins only the other way round. */
function reversesDirection(a: Polarity, b: Polarity, secondLook: boolean): boolean {
  for (const pair of a.toPairs) {
    const reversed = reversedDirection(pair);
    if (
      sameDirection(pair).some((p) => b.toPairs.has(p)) ||
      !reversed.some((p) => b.toPairs.has(p))
    )
      continue;
    // "nginx config to force https redirect" / "redirect http to https in nginx": an infinitive's
    // "to" reaches words no direction joins. "10 miles to km" / "10 km to miles" join them.
    if (!secondLook || a.nearPairs.has(pair) || reversed.some((p) => b.nearPairs.has(p)))
      return true;
  }
  return false;
}
