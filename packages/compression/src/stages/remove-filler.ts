// Balanced level: filler and redundancy. Wordy phrases become their plain equivalents, pleonasms
// lose the word the other already implies, hedges and pleasantries go. (Sentences repeated within
// a message are collapsed by the duplicate stage.) One regex pass finds all three kinds. Protected
// spans are placeholders here, so a phrase can never be matched across a number, a name or a
// protected sentence.
import { isSentenceStart } from '../text/sentence-start.ts';
import { CONCISE_REWRITES, DROPPED_PHRASES, PLEASANTRIES } from './filler-phrases.ts';
import {
  mayOpenWith,
  NOT_A_LETTER,
  type Openings,
  openings,
  openingTest,
} from './phrase-openings.ts';
import { REDUNDANT_PAIRS } from './redundant-pairs.ts';

/** Marks where a removal left a sentence without its first word, to capitalise the next one. */
const CAPITALISE = '\uE002';
/**
 * Marks where a phrase went from inside a sentence: the space before it goes too when
 * punctuation follows ("check it when you get a chance." → "check it."). Done here: the request
 * is protected next, and the seam would be out of reach inside its placeholder.
 */
const SEAM = '\uE004';

const REWRITES = new Map<string, string>([...CONCISE_REWRITES, ...REDUNDANT_PAIRS]);

function toSource(phrase: string): string {
  return phrase
    .replace(/\((?!\?)/g, '(?:')
    .replace(/'/g, "['’]")
    .replace(/ /g, ' +');
}

/** Longest phrases first, so "can you please" wins over "please". */
function alternation(phrases: string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(toSource)
    .join('|');
}

/** The three kinds of phrase, each longest first, as regex sources with their openings. */
const KINDS = [PLEASANTRIES, [...REWRITES.keys()], DROPPED_PHRASES].map((phrases) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(toSource)
    .map((source) => ({ source, open: openings(source) })),
);

/**
 * The three kinds in one alternation, each in a group, or non-capturing; the phrases are those
 * `keep` keeps (a kind with none is left out).
 */
function kindsAlternation(keep: (open: Openings) => boolean, capture: boolean): string | undefined {
  const [pleasantries, rewrites, dropped] = KINDS.map((phrases) =>
    phrases
      .filter(({ open }) => keep(open))
      .map(({ source }) => source)
      .join('|'),
  );
  const group = (source: string) => (capture ? `(${source})` : `(?:${source})`);
  const branches = [
    pleasantries === '' && !capture
      ? ''
      : `${group(pleasantries || '(?!)')}(?:[.!?]+|,|(?=\\n|$)) ?`,
    rewrites === '' && !capture ? '' : `${group(rewrites || '(?!)')}(?!\\w)`,
    dropped === '' && !capture ? '' : `${group(dropped || '(?!)')}(?!\\w) ?`,
  ].filter(Boolean);
  return branches.length === 0 ? undefined : branches.join('|');
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
/** A letter's phrases longer than this together are told apart by the word's second character. */
const ONE_LEVEL_MAX = 400;

/**
 * The whole alternation at one place (sticky), with the three kinds' groups: the pleasantry, the
 * rewrite and the dropped phrase. Every phrase starts with a letter: the lookahead passes over
 * the word boundaries before spaces and punctuation without trying the alternation there. The
 * finders below find what it finds, kinds included; it stays as what the tests compare them with.
 */
const FILLER_AT = new RegExp(`\\b(?=[a-z])(?:${kindsAlternation(() => true, true)})`, 'iy');

/**
 * Finds what FILLER_AT matches at a word, one sticky regex per first letter (`FINDERS[0]` for
 * "a"), each holding only the phrases that may open with that letter and, where the letter
 * starts many, branching on the word's second character (decision 150). A branch holds every
 * phrase that may match there in the whole alternation's order, so the first to match is the one
 * the whole alternation would match. The cost was trying each of ~250 phrases at every word
 * (decision 058 cut the other places). One regex per letter keeps each source far below the
 * 20,480 characters past which V8 stops optimising a regex: as one finder it had reached 20,293
 * (decision 183, follow-up).
 */
const FINDERS: (RegExp | undefined)[] = LETTERS.map((first) => {
  const opensWithFirst = (open: Openings) =>
    LETTERS.some((c) => mayOpenWith(open, first, c)) || mayOpenWith(open, first, NOT_A_LETTER);
  const all = kindsAlternation(opensWithFirst, false);
  if (all === undefined) return undefined;
  // Each branch captures its three kinds as FILLER_AT does, so a match says its kind without
  // FILLER_AT run again where it was found (decision 207).
  if (all.length <= ONE_LEVEL_MAX)
    return new RegExp(`\\b(?=${first})(?:${kindsAlternation(opensWithFirst, true)})`, 'iy');
  const seconds = [...LETTERS, NOT_A_LETTER].flatMap((second) => {
    const keep = (open: Openings) => mayOpenWith(open, first, second);
    if (kindsAlternation(keep, false) === undefined) return [];
    const next = second === NOT_A_LETTER ? '(?![a-z])' : second;
    return [`(?=.${next})(?:${kindsAlternation(keep, true)})`];
  });
  return new RegExp(`\\b(?=${first})(?:${seconds.join('|')})`, 'iy');
});

/**
 * A phrase found at a place, and its kind: the text of its pleasantry or rewrite group, as in
 * FILLER_AT (a dropped phrase has neither).
 */
interface Filler {
  phrase: string;
  pleasantry: string | undefined;
  rewrite: string | undefined;
}

/** The phrase FILLER_AT finds starting at `at`, found by the finder of the word's first letter. */
function fillerAt(text: string, at: number): Filler | undefined {
  const letter = (text.charCodeAt(at) | 32) - 97;
  const finder = letter >= 0 && letter < 26 ? FINDERS[letter] : undefined;
  if (finder === undefined) return undefined;
  finder.lastIndex = at;
  const m = finder.exec(text);
  if (m === null) return undefined;
  // Three groups a branch, in FILLER_AT's order; only the matching branch's kind is set.
  let group = 1;
  while (group < m.length && m[group] === undefined) group += 1;
  const kind = (group - 1) % 3;
  return {
    phrase: m[0],
    pleasantry: kind === 0 ? m[group] : undefined,
    rewrite: kind === 1 ? m[group] : undefined,
  };
}

/**
 * Whether a phrase may start at a place, read from the phrases' first eight characters (decision
 * 174). On the bench prompts fewer than one word in thirty passes ("maybe it", "so we can"), so
 * the finder runs at those words alone, where it ran along the whole text. Built from every
 * phrase: a word it turns away is one where no phrase, so no branch of the finder, may match.
 */
const MAY_OPEN_AT = openingTest(
  KINDS.flat().map(({ source }) => source),
  8,
);

function isWordCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Every phrase FILLER_AT finds along the text, replaced, as `text.replace` with FILLER_AT made
 * global would: the finders run only at a word's start (`\b(?=[a-z])` without the `u` flag: an
 * ASCII letter after anything but an ASCII letter, digit or "_") where a phrase may open. The
 * phrases never match an empty string (else their openings would be "anything" and every word
 * start would be tried).
 */
function replaceFiller(text: string, replace: (found: Filler, offset: number) => string): string {
  let out = '';
  let from = 0;
  let afterWord = false;
  for (let at = 0; at < text.length; at += 1) {
    const c = text.charCodeAt(at);
    const opensWord = !afterWord && ((c >= 97 && c <= 122) || (c >= 65 && c <= 90));
    afterWord = isWordCharacter(c);
    if (!opensWord || at < from || (MAY_OPEN_AT && !MAY_OPEN_AT(text, at))) continue;
    const found = fillerAt(text, at);
    if (found === undefined) continue;
    out += text.slice(from, at) + replace(found, at);
    from = at + found.phrase.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The dropped phrases as one whole-string test: a word of both lists ("honestly") matched as a
 * pleasantry inside a sentence ("we're past that honestly.") is still a hedge to drop.
 */
const DROPPED_WORD = new RegExp(`^(?:${alternation(DROPPED_PHRASES)})$`, 'i');

/**
 * "Is PLS better than PCA?": "PLS" in capitals beside a word that is not is the method (partial
 * least squares); chat writes "please" as "pls", or shouts it with the words around it ("PLS HELP").
 */
function isPlsInCapitals(match: string, whole: string, offset: number): boolean {
  // The match carries the spaces after it.
  if (!/^PL[SZ]\s*$/.test(match)) return false;
  const end = offset + 3;
  const before = /(\p{L}+)[^\p{L}]*$/u.exec(whole.slice(Math.max(0, offset - 40), offset))?.[1];
  const after = /^[^\p{L}]*(\p{L}+)/u.exec(whole.slice(end, end + 40))?.[1];
  return [before, after].some((word) => word !== undefined && word !== word.toUpperCase());
}

/**
 * A pair of markers around a removed phrase and nothing else ("*Honestly* check", "like you to
 * **actually** check"): it goes here, as the removal certainly emptied it. The request is
 * protected next, and `dropEmptiedEmphasis` could not reach markers inside its placeholder
 * ("** Check the grammar."; review of 231). The mark stays, for the capital or the seam.
 */
const EMPTIED_BY_REMOVAL = /(?<![*_~])(\*{1,2}|_{1,2}|~~)([\uE002\uE004])\1(?![*_~])[ \t]*/g;

/** The emphasis markers of a gap, with the spaces between them ("* " of "*\uE002* the"). */
function emphasisOf(gap: string): string {
  return /[*_~]/.test(gap) ? gap.replace(/[,;:]/g, '') : '';
}

function capitaliseFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function replacement(phrase: string, match: string): string {
  return REWRITES.get(phrase.toLowerCase().replace(/ +/g, ' ').replace(/’/g, "'")) ?? match;
}

export function removeFiller(text: string): string {
  let capitalise = false;
  // Where the last pleasantry that opened a sentence ended: "Hello, good morning!" is two.
  let openingEnd = -1;
  const whole = text;
  const removed = replaceFiller(text, ({ phrase: match, pleasantry, rewrite }, offset) => {
    if (isPlsInCapitals(match, whole, offset)) return match;
    const opensSentence =
      isSentenceStart(whole, offset) || (pleasantry !== undefined && offset === openingEnd);
    if (rewrite !== undefined) {
      // "I was wondering if you could" is capitalised for its "I", not for opening a sentence.
      const capitalised = /^[A-Z]/.test(match) && !/^I\b/.test(match);
      return capitalised || opensSentence
        ? capitaliseFirst(replacement(rewrite, match))
        : replacement(rewrite, match);
    }
    if (pleasantry !== undefined && opensSentence) openingEnd = offset + match.length;
    // A pleasantry is only dropped where it makes up a sentence of its own, unless it is a hedge
    // too; the sentence's full stop stays, a comma goes with it.
    if (pleasantry !== undefined && !opensSentence) {
      if (!DROPPED_WORD.test(pleasantry)) return match;
      const end = match.slice(pleasantry.length).trim();
      return SEAM + (/^[.!?]/.test(end) ? `${end} ` : '');
    }
    if (pleasantry === undefined && !opensSentence) return SEAM;
    capitalise ||= opensSentence;
    return opensSentence ? CAPITALISE : '';
  });
  const out = /[*_~]/.test(removed) ? removed.replace(EMPTIED_BY_REMOVAL, '$2') : removed;
  // Two phrases gone side by side ("and I'm kinda panicking lol.") leave two seams: the spaces
  // before and between them go with them before punctuation. A conjunction's comma that opened
  // an aside goes with the aside: "Galway and, I have to be honest, this is" → "Galway and this is".
  const joined = out.includes(SEAM)
    ? out
        .replace(/\b(and|but|so|or), *(?:\uE004 *)+(?=[a-z])/gi, '$1 ')
        .replace(/ *(?:\uE004 *)*\uE004(?=[.,;:!?)])|\uE004/g, '')
    : out;
  if (!capitalise) return joined;
  // Through emphasis markers too: "*Basically* the plan" → "The plan", "**carefully**" →
  // "**Carefully**" (decision 231); the markers stay for `dropEmptiedEmphasis`.
  return joined
    .replace(
      /\uE002([ \t,;:*_~]*)([a-z])/g,
      (_m, gap: string, c: string) => emphasisOf(gap) + c.toUpperCase(),
    )
    .replace(/\uE002[ \t]*/g, '');
}

/** The finders and the whole alternation, for the tests that they match alike. */
export const FILLER_PATTERNS = {
  finders: FINDERS.filter((finder) => finder !== undefined),
  fillerAt,
  whole: FILLER_AT,
  droppedWord: DROPPED_WORD,
  mayOpenAt: MAY_OPEN_AT,
  replaceFiller,
};
