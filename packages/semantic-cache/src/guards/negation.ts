// Opposite meaning in otherwise similar words: a negation ("can" / "cannot"), a pair of opposite
// actions ("turn on" / "turn off", "enable" / "disable", "upload" / "download"), a reversed
// direction ("Celsius to Fahrenheit" / "Fahrenheit to Celsius"), or the same thing owned by
// another or of another age ("take my version" / "their version", "old phone" / "new phone").

import { STOPWORDS } from '../embedding/question-tokens.ts';
import { wordMemo } from '../lib/word-memo.ts';
import { markedWords, marksDiffer } from './marked-words.ts';

const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'without',
  // The same in German, French, Spanish, Portuguese, Italian and Dutch: "Ich habe nicht viel
  // Geld" was served the answer to "Ich habe viel Geld". Words English uses too ("sin") are left,
  // and French "ne": "ne ... pas" is one negation, and negations are counted.
  ...['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'nichts', 'ohne'],
  ...['pas', 'jamais', 'rien', 'aucun', 'aucune', 'sans', 'nunca', 'nada', 'ningún'],
  ...['ninguno', 'ninguna', 'não', 'nem', 'nenhum', 'nenhuma', 'sem', 'non', 'senza', 'niente'],
  ...['niet', 'geen', 'nooit', 'niets', 'zonder'],
  // Russian, Arabic and Korean write their negations as words of their own (decision 093).
  ...['не', 'нет', 'ни', 'никогда', 'ничего', 'без', 'нельзя'],
  ...['لا', 'ليس', 'ليست', 'لم', 'لن', 'بدون'],
  ...['안', '못'],
]);

// Korean also negates with a verb of its own, written joined to its ending: "사용하지 않아요",
// "할 수 없어요", "못해요".
const KOREAN_NEGATING_STEMS = ['않', '없', '못하', '못해', '못했'];

/**
 * Negations inside words, which the word list cannot show: Chinese and Japanese write no spaces
 * ("如何不使用…", "使いませんか"), and Hindi's "नहीं" is cut at its vowel signs by the tokeniser.
 * Compounds where the sign does not negate ("不同", "不过", "特别", "まず", "少ない") are left out.
 */
const SCRIPT_NEGATION = new RegExp(
  [
    '(?<![对對])不(?!同|过|過|管|断|斷|仅|僅|但|久|错|錯)',
    '(?<![淹埋出])[没沒](?!收)',
    '(?<=^|[\\s\\p{P}请請你您就也可千万萬])[别別](?![的人名处處称稱墅])',
    '(?<![少危汚])ない',
    'なかった',
    'なくて',
    'ません',
    '(?<![ま必は])ず(?=に|[\\s\\p{P}]|$)',
    '(?<![\\p{L}\\p{M}])(?:नहीं|मत)(?![\\p{L}\\p{M}])',
  ].join('|'),
  'gu',
);
const HAS_SCRIPT_NEGATION_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Devanagari}]/u;

function negationCount(words: readonly string[], text: string): number {
  let count = 0;
  for (const word of words) {
    if (NEGATIONS.has(word) || KOREAN_NEGATING_STEMS.some((stem) => word.startsWith(stem))) {
      count += 1;
    }
  }
  if (HAS_SCRIPT_NEGATION_TEXT.test(text)) {
    // "没有" is one negation, not two: 有 is not in the pattern, so it counts once already.
    for (const _ of text.matchAll(SCRIPT_NEGATION)) count += 1;
  }
  return count;
}

/**
 * Each pair lists stems of one side, then the other. Switching something on, enabling it, allowing
 * it and starting it are one pair, so "stop X" and "turn on X" count as opposites.
 */
const OPPOSITES: [string[], string[]][] = [
  [
    ['enabl', 'activat', 'allow', 'permit', 'unblock', 'start', 'begin'],
    [
      'disabl',
      'deactivat',
      'block',
      'deny',
      'forbid',
      'prevent',
      'avoid',
      'stop',
      'end',
      'finish',
      'halt',
    ],
  ],
  [['with'], ['without']],
  [['includ'], ['exclud']],
  [
    ['add', 'insert', 'append'],
    ['remov', 'delet'],
  ],
  [['creat'], ['delet', 'destroy', 'drop']],
  [['install'], ['uninstall']],
  [
    ['show', 'unhid', 'display'],
    ['hid', 'hidden'],
  ],
  [['lock'], ['unlock']],
  [['mount'], ['unmount']],
  [['freez'], ['unfreez']],
  [['open'], ['close', 'closing']],
  [['upload'], ['download']],
  [['import'], ['export']],
  [['encrypt'], ['decrypt']],
  [['encod'], ['decod']],
  [
    ['compress', 'zip'],
    ['decompress', 'unzip'],
  ],
  [['connect'], ['disconnect']],
  [['subscrib'], ['unsubscrib']],
  [
    ['increas', 'rais', 'rise', 'grow', 'higher', 'more', 'maxim', 'max'],
    ['decreas', 'reduc', 'lower', 'shrink', 'less', 'fewer', 'minim', 'min'],
  ],
  [['ascend'], ['descend']],
  [
    ['befor', 'earlier'],
    ['after', 'later'],
  ],
  [['public'], ['privat']],
  [['push'], ['pull']],
  [
    ['buy', 'bought', 'purchas'],
    ['sell', 'sold'],
  ],
  [
    ['accept', 'approv'],
    ['reject', 'declin', 'deny'],
  ],
  [['read'], ['writ', 'wrote', 'written']],
  [['get', 'read'], ['set']],
  [['upper'], ['lower']],
  [
    ['first', 'oldest', 'earliest'],
    ['last', 'latest', 'newest'],
  ],
  [['above'], ['below']],
  [['insid'], ['outsid']],
  [['faster', 'quicker'], ['slower']],
  [['left'], ['right']],
  [['local'], ['remot']],
  [['true'], ['fals']],
  [
    ['win', 'won'],
    ['los', 'lost'],
  ],
  [['success', 'succeed'], ['fail']],
  [['online'], ['offline']],
  [
    ['hot', 'warm'],
    ['cold', 'cool'],
  ],
  [['hard'], ['soft']],
  [['short'], ['long']],
];

/** Endings a stem may take: "enabled", "deletion", "adding" (the doubled consonant is allowed). */
const SUFFIXES = new Set([
  '',
  's',
  'es',
  'e',
  'ed',
  'd',
  'ing',
  'er',
  'ers',
  'est',
  'ion',
  'ions',
  'tion',
  'al',
  'um',
  'ize',
  'ized',
  'ise',
  'ly',
  'ful',
  'ure',
  'ss',
  'ssful',
]);

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
const ON_OFF =
  /\b(?:turn|turned|turning|switch|switched|switching|power|powered|toggle|shut|log|logged|sign|signed)(?:\s+\S+){0,3}?\s+(on|off|in|out|up|down)\b/gi;

/**
 * Words that say an action does not happen (decision 069): "the app **fails** to start" and "the
 * app **won't** start" report one fault, as "**unable** to connect" and "can't connect" do.
 */
export const FAILURES = new Set('fail fails failed failing failure failures unable'.split(' '));

interface Polarity {
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
    const stems = stemsOf(word);
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
  };
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

/** What one word says about direction: the sides of opposite pairs it names, in pair order. */
interface WordStems {
  marks: [pair: number, side: number][];
  switchesOff: boolean;
}

// A word's stems depend on the word alone and prompts reuse a small vocabulary: each word is
// matched against the ~130 stems once, not on every prompt (decision 033).
const stemsOf = wordMemo(20_000, (word) => matchStems(word));

function matchStems(word: string): WordStems {
  const marks: [number, number][] = [];
  for (const pair of PAIRS_BY_FIRST_CHARACTER.get(word.charAt(0)) ?? []) {
    const [one, other] = OPPOSITES[pair] ?? [[], []];
    if (one.some((p) => matchesStem(word, p))) marks.push([pair, 0]);
    if (other.some((p) => matchesStem(word, p))) marks.push([pair, 1]);
  }
  return { marks, switchesOff: SWITCHING_OFF.some((stem) => matchesStem(word, stem)) };
}

/**
 * The pairs, in order, with a stem starting with each character. A stem only matches a word that
 * starts as it does, so a word is matched against those pairs alone, with the same marks: the
 * number every bench prompt carries ("case 1234"), new each time, matched all ~130 stems (decision
 * 065).
 */
const PAIRS_BY_FIRST_CHARACTER = pairsByFirstCharacter();

function pairsByFirstCharacter(): Map<string, number[]> {
  const byFirst = new Map<string, number[]>();
  OPPOSITES.forEach(([one, other], pair) => {
    for (const stem of [...one, ...other]) {
      // An empty stem would match every word.
      if (stem === '') throw new Error('negation: an empty stem');
      const pairs = byFirst.get(stem.charAt(0)) ?? [];
      if (pairs.at(-1) !== pair) pairs.push(pair);
      byFirst.set(stem.charAt(0), pairs);
    }
  });
  return byFirst;
}

/**
 * Words joined by "to"/"into" ("celsius→fahrenheit") or compared by "than" ("python faster than
 * java"), to catch the same words in reverse order. "from" points the other way: "copy it from the
 * server" moves it as "copy the server's file to here" does, so its pairs are read backwards. "vs"
 * is left out: "React vs Vue" asks what "Vue vs React" does.
 */
const DIRECTING = new Set(['to', 'into', 'than']);
const DIRECTING_BACK = 'from';
/** Content words read on each side of a directing word, and how far away they may be. */
const DIRECTED_WORDS = 4;
const DIRECTED_REACH = 8;

function directedPairs(words: readonly string[], reach: number): Set<string> {
  const pairs = new Set<string>();
  // Numbers are skipped: a pasted value ("2024-03-15 14:30") would fill the window and push the
  // words that say what is converted out of it.
  const content = (w: string) => !STOPWORDS.has(w) && !NEGATIONS.has(w) && !/^[\d.:]+$/.test(w);
  const near = (from: number, step: number) => {
    const found: string[] = [];
    for (let j = from; found.length < reach && Math.abs(j - from) < DIRECTED_REACH; j += step) {
      const w = words[j];
      if (w === undefined) break;
      if (content(w)) found.push(w);
    }
    return found;
  };
  words.forEach((word, i) => {
    const back = word === DIRECTING_BACK;
    if (!back && !DIRECTING.has(word)) return;
    const before = near(i - 1, -1);
    const after = near(i + 1, 1);
    for (const b of before)
      for (const a of after) if (b !== a) pairs.add(back ? `${a}>${b}` : `${b}>${a}`);
  });
  return pairs;
}

function matchesStem(word: string, stem: string): boolean {
  if (!word.startsWith(stem)) return false;
  const ending = word.slice(stem.length);
  return SUFFIXES.has(ending) || (ending[0] === stem.at(-1) && SUFFIXES.has(ending.slice(1)));
}

/** Words that turn a request into its opposite on their own: "stop X" asks the reverse of "X". */
const SWITCHING_OFF = ['disabl', 'deactivat', 'stop', 'prevent', 'avoid'];

/** Two words on opposite sides of one pair: "open" / "close", "upload" / "download". */
export function areOpposites(x: string, y: string): boolean {
  const marksY = stemsOf(y).marks;
  return stemsOf(x).marks.some(([pair, side]) =>
    marksY.some(([other, otherSide]) => other === pair && otherSide !== side),
  );
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
  for (const pair of a.toPairs) {
    const [from, to] = pair.split('>');
    const reversed = `${to}>${from}`;
    if (b.toPairs.has(pair) || !b.toPairs.has(reversed)) continue;
    // "nginx config to force https redirect" / "redirect http to https in nginx": an infinitive's
    // "to" reaches words no direction joins. "10 miles to km" / "10 km to miles" join them.
    if (!secondLook || a.nearPairs.has(pair) || b.nearPairs.has(reversed)) return true;
  }
  return false;
}

/**
 * The content words each English negation word bears on: those of the few words after it
 * ("without losing the **modified** files", "doesn't **get enough sleep**"); empty when none.
 */
function negatedWords(words: readonly string[]): string[][] {
  const negated: string[][] = [];
  words.forEach((word, i) => {
    if (!NEGATIONS.has(word)) return;
    const borne: string[] = [];
    for (let j = i + 1; j < words.length && j <= i + NEGATED_REACH; j++) {
      const next = words[j] as string;
      if (NEGATIONS.has(next)) break;
      if (!STOPWORDS.has(next) && !NOT_BORNE.has(next)) borne.push(next);
    }
    negated.push(borne);
  });
  return negated;
}

/** How many words after a negation it is read to bear on. */
const NEGATED_REACH = 3;
/** Words a negation passes over to reach what it bears on. */
const NOT_BORNE = new Set('just only even yet really always any ever'.split(' '));

/** "losing" / "lose", "crashing" / "crash": the word without its common endings. */
function baseOf(word: string): string {
  const base = word.replace(/(?:ing|ed|es|s)$/, '');
  return base.length >= 3 ? base : word;
}

/**
 * The bases of a prompt's words, once per comparison: asked word by word against the whole list,
 * two long prompts that share their text cost words × words (8,000 words: 1.6 s on the event loop).
 */
function basesOf(words: readonly string[]): Set<string> {
  return new Set(words.map(baseOf));
}

/**
 * Decision 149: a negation count that differs inside a rewording. Each negation (on either side)
 * bears on words the other prompt does not have, unless that prompt negates them too ("without
 * **losing** my changes" / "but keep my changes", "no **password** prompt" / "passwordless"; not
 * "doesn't get enough **sleep**" / "how much sleep does an adult need"), and
 * each side has a content word the other lacks: the other side said it its own way. A negation
 * one side adds to the same words ("install it without sudo" / "install it") still refuses, as does
 * one on a word both prompts have ("print it with notes" / "without notes", "should I commit" /
 * "should I not commit"). Only negations written as words are read (not the script negations of
 * Chinese, Japanese or Hindi, nor Korean's verb).
 */
function negationReworded(a: Polarity, b: Polarity): boolean {
  if (a.negated.length + b.negated.length !== a.negations + b.negations) return false;
  const bases = new Map([
    [a, basesOf(a.words)],
    [b, basesOf(b.words)],
  ]);
  const hasWord = (y: Polarity, word: string) => bases.get(y)?.has(baseOf(word)) === true;
  const negatedIn = (y: Polarity, word: string) =>
    y.negated.some((borne) => borne.some((w) => baseOf(w) === baseOf(word)));
  const bears = (x: Polarity, y: Polarity) =>
    x.negated.every(
      (borne) => borne.length > 0 && borne.every((word) => !hasWord(y, word) || negatedIn(y, word)),
    );
  if (!bears(a, b) || !bears(b, a)) return false;
  const content = (w: string) => !STOPWORDS.has(w) && !NEGATIONS.has(w);
  const lacks = (x: Polarity, y: Polarity) => x.words.some((w) => content(w) && !hasWord(y, w));
  return lacks(a, b) && lacks(b, a);
}

/** "fails to V" / "failed to V" / "unable to V": the V that did not happen. */
function failedActions(words: readonly string[]): string[] {
  const actions: string[] = [];
  words.forEach((word, i) => {
    const action = words[i + 2];
    if (FAILURES.has(word) && words[i + 1] === 'to' && action) actions.push(action);
  });
  return actions;
}

/**
 * "nginx fails to start" against "nginx starts": the action one side says failed is said plainly,
 * neither negated nor failing, on the other. A failure word against a text without its action
 * ("fails to start" / "crashes on boot", a quoted error's "failed") stays with the other rules.
 */
function failedActionSaidPlainly(failing: Polarity, plain: Polarity): boolean {
  if (failing.failedActions.length === 0 || plain.failures > 0 || plain.negations > 0) return false;
  return failing.failedActions.some((action) =>
    plain.words.some((w) => w === action || matchesStem(w, action) || matchesStem(action, w)),
  );
}

/**
 * A negation on one side answered by a failure word on the other: "won't start" / "fails to
 * start". Counted together they agree; "fails" / "doesn't fail" still differ, and a failure word
 * against no negation ("fails" / "works") is left to the other rules, as before.
 */
function failureForNegation(a: Polarity, b: Polarity): boolean {
  return (
    a.failures !== b.failures && (a.negations + a.failures) % 2 === (b.negations + b.failures) % 2
  );
}
