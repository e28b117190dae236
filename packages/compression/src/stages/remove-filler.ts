// Balanced level: filler and redundancy. Wordy phrases become their plain equivalents, pleonasms
// lose the word the other already implies, hedges and pleasantries go. (Sentences repeated within
// a message are collapsed by the duplicate stage.) One regex pass finds all three kinds. Protected
// spans are placeholders here, so a phrase can never be matched across a number, a name or a
// protected sentence.
import { isSentenceStart } from '../text/sentence-start.ts';
import { CONCISE_REWRITES, DROPPED_PHRASES, PLEASANTRIES } from './filler-phrases.ts';
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

// Every phrase starts with a letter: the lookahead lets the engine pass over the word boundaries
// before spaces and punctuation without trying the alternation there (about half the pass's CPU
// on the benches' prompts, decision 058; outputs unchanged).
const FILLER = new RegExp(
  `\\b(?=[a-z])(?:(${alternation(PLEASANTRIES)})(?:[.!?]+|,|(?=\\n|$)) ?|(${alternation([...REWRITES.keys()])})(?!\\w)|(${alternation(DROPPED_PHRASES)})(?!\\w) ?)`,
  'gi',
);

/**
 * The dropped phrases as one whole-string test: a word of both lists ("honestly") matched as a
 * pleasantry inside a sentence ("we're past that honestly.") is still a hedge to drop.
 */
const DROPPED_WORD = new RegExp(`^(?:${alternation(DROPPED_PHRASES)})$`, 'i');

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
  const out = text.replace(
    FILLER,
    (
      match,
      pleasantry: string | undefined,
      rewrite: string | undefined,
      _drop,
      offset: number,
      whole: string,
    ) => {
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
    },
  );
  const joined = out.includes(SEAM) ? out.replace(/ *\uE004(?=[.,;:!?)])|\uE004/g, '') : out;
  if (!capitalise) return joined;
  return joined
    .replace(/\uE002[ \t,;:]*([a-z])/g, (_m, c: string) => c.toUpperCase())
    .replace(/\uE002[ \t]*/g, '');
}
