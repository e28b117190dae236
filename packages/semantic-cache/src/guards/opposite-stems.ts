// Pairs of opposite actions and states, by stem, and which side of them a word names.
import { wordMemo } from '../lib/word-memo.ts';

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

/** What one word says about direction: the sides of opposite pairs it names, in pair order. */
interface WordStems {
  marks: [pair: number, side: number][];
  switchesOff: boolean;
}

// A word's stems depend on the word alone and prompts reuse a small vocabulary: each word is
// matched against the ~130 stems once, not on every prompt (decision 033).
export const stemsOf = wordMemo(20_000, (word) => matchStems(word));

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

export function matchesStem(word: string, stem: string): boolean {
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
