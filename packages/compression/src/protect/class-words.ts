// The words of a closed class ("the", "a", "is", ...) that a role's kept sentence may still lose,
// found as one regex finds them, mostly without running it (decision 174): a sentence's ASCII
// words are read by character code and looked up in the class, and the regex is asked only where
// a word's lookarounds or a letter outside ASCII decide.
import { COPULAS } from '../text/word-lists.ts';

const POSSESSIVES = new Set(['my', 'your', 'our', 'their', 'his', 'her', 'its']);

/** A class word found: where it starts and its text. */
export interface ClassWord {
  index: number;
  text: string;
}

interface ClassWords {
  /** The whole class, global: what `find` must find. */
  pattern: RegExp;
  /** The same at one place. */
  here: RegExp;
  /** Words the regex takes without a lookaround; undefined where the scan cannot stand in. */
  plain: ReadonlySet<string> | undefined;
  /** Words with a lookaround of their own: the regex decides. */
  guarded: ReadonlySet<string>;
  longest: number;
  /** 1 at length × 26 + first letter for each length and first letter a word of the class has. */
  shapes: Uint8Array;
}

/** What every word of a class must look like for the scan to stand in for the regex. */
const ASCII_WORD = /^[a-z][a-z'’-]*$/;

/** The regex for the words of a closed class. */
function classPattern(words: ReadonlySet<string>, guarded: Set<string>): string {
  // Not inside "I'm" or "state-of-the-art"; "rather" before "than" says which of two is
  // chosen ("rather than synced"), and the pruning stage cannot see "than" inside a placeholder.
  // "rather not" says what is not wanted, and "a few" is a quantity ("few" is next to none). A
  // possessive after a question word opens the subject of the question, and a copula after it
  // that ends the question is its verb: "what my options are in the UK" ("what my options in
  // the UK" asks nothing; "how long the wait is likely to be" reads without it).
  const alternatives = [...words].map((w) => {
    const alternative =
      w === 'rather'
        ? 'rather(?!\\s+(?:than|not)\\b)'
        : w === 'a' || w === 'an'
          ? `${w}(?!\\s+(?:few|little|bit|couple|lot|while)\\b)`
          : POSSESSIVES.has(w)
            ? `(?<!\\b(?:what|how|where|why|when|who|whether)\\s+)${w}`
            : COPULAS.has(w)
              ? `${w}(?!(?<=\\b(?:what|how|where|why|when|who|whether)\\s+(?:[\\w'’-]+\\s+){1,3}${w})(?:\\s*(?:[.,;:!?)]|$)|\\s+(?:in|on|at|for|with|to|from|by|if|when|now|and|or|but)\\b))`
              : w;
    if (alternative !== w) guarded.add(w);
    return alternative;
  });
  // A letter outside ASCII is part of the word too: "Saldaña and" is not "Salda" + "ña", nor
  // "Ça va" an article "a" (decision 127).
  return `(?<![\\p{L}\\p{M}\\p{N}_'’-])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}\\p{N}_'’-])`;
}

const CLASSES = new WeakMap<ReadonlySet<string>, ClassWords>();

function classWords(words: ReadonlySet<string>): ClassWords {
  let found = CLASSES.get(words);
  if (!found) {
    const guarded = new Set<string>();
    const source = classPattern(words, guarded);
    const scannable = [...words].every((w) => ASCII_WORD.test(w));
    const longest = Math.max(0, ...[...words].map((w) => w.length));
    const shapes = new Uint8Array((longest + 1) * 26);
    if (scannable) for (const w of words) shapes[w.length * 26 + w.charCodeAt(0) - 97] = 1;
    found = {
      pattern: new RegExp(source, 'giu'),
      here: new RegExp(source, 'iuy'),
      plain: scannable ? new Set([...words].filter((w) => !guarded.has(w))) : undefined,
      guarded,
      longest,
      shapes,
    };
    CLASSES.set(words, found);
  }
  return found;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** "ſ" and "K" (the Kelvin sign): outside ASCII, the only letters that fold to an ASCII one. */
function foldsToAsciiLetter(c: number): boolean {
  return c === 0x17f || c === 0x212a;
}

/** An ASCII character of `[\p{L}\p{M}\p{N}_'’-]`, the characters a class word is not next to. */
function isAsciiWordCharacter(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 39 || c === 45;
}

function matchHere(words: ClassWords, text: string, at: number): ClassWord | undefined {
  words.here.lastIndex = at;
  const m = words.here.exec(text);
  return m ? { index: at, text: m[0] } : undefined;
}

/**
 * The first word of the class at or after `from`, as the class's regex would find it from there.
 * - Every word of the class is ASCII letters, apostrophes and hyphens, and the regex takes one
 *   only where no letter, mark, digit, "_", apostrophe or hyphen is next to it. So a match is a
 *   whole run of such characters, and opens with a character that folds to an ASCII letter.
 * - A run of ASCII ones after an ASCII character outside them, and before another or the end of
 *   the text, matches where its lower-case form is a word of the class with no lookaround.
 *   Where it is no word of the class it cannot match, and the places inside it cannot either.
 * - Anywhere else a character outside ASCII is next to the place, and the regex decides there.
 *   Under `iu` no character outside ASCII folds to an ASCII letter but "ſ" and "K" (Kelvin): no
 *   other can open a match.
 */
export function findClassWord(
  prunable: ReadonlySet<string>,
  text: string,
  from: number,
): ClassWord | undefined {
  const words = classWords(prunable);
  const { plain } = words;
  if (!plain) {
    words.pattern.lastIndex = from;
    const m = words.pattern.exec(text);
    return m ? { index: m.index, text: m[0] } : undefined;
  }
  const n = text.length;
  let at = from;
  while (at < n) {
    const c = text.charCodeAt(at);
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    if ((c < 128 && !isAsciiLetter(c)) || (before < 128 && isAsciiWordCharacter(before))) {
      at += 1;
      continue;
    }
    if (c >= 128) {
      const found = foldsToAsciiLetter(c) ? matchHere(words, text, at) : undefined;
      if (found) return found;
      at += 1;
      continue;
    }
    let end = at + 1;
    while (end < n && isAsciiWordCharacter(text.charCodeAt(end))) end += 1;
    if (end < n && text.charCodeAt(end) >= 128) {
      const found = matchHere(words, text, at);
      if (found) return found;
    } else if (end - at <= words.longest && words.shapes[(end - at) * 26 + (c | 32) - 97] === 1) {
      const word = text.slice(at, end);
      const lower = word.toLowerCase();
      if (before < 128 && plain.has(lower)) return { index: at, text: word };
      if (plain.has(lower) || words.guarded.has(lower)) {
        const found = matchHere(words, text, at);
        if (found) return found;
      }
    }
    at = end;
  }
  return undefined;
}

/** The class's regex, for the test that the scan finds what it finds. */
export function classRegex(prunable: ReadonlySet<string>): RegExp {
  return classWords(prunable).pattern;
}
