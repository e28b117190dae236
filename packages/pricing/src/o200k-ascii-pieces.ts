// The o200k_base split pattern's next piece, read by character code where every character it
// depends on is ASCII. Counting ran the pattern (a sticky copy) once per piece, about a piece
// every four characters: on the compression eval's texts that search was the largest part of a
// count the piece memo answers (decision 207). Where the answer depends on a character outside
// ASCII (a letter, digit, mark or space class the pattern reads with \p{...}), the reader says -1
// and the caller runs the pattern. o200k-ascii-pieces.test.ts compares both on every short text.

/** The pattern this reader follows; another pattern (cl100k_base, a later package) is not read. */
export const O200K_SPLIT_SOURCE =
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/** What the pattern tells apart, for an ASCII code. */
const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const SPACE = 4;
/** \r and \n: spaces that neither open a word nor end a run of other characters' prefix. */
const BREAK = 5;
/** Outside ASCII: the pattern decides. */
const WIDE = 6;
/** Past the end of the text. */
const END = 7;

const SLASH = 47;

const KINDS = new Uint8Array(128);
for (let c = 0; c < 128; c += 1) {
  KINDS[c] =
    c >= 65 && c <= 90
      ? UPPER
      : c >= 97 && c <= 122
        ? LOWER
        : c >= 48 && c <= 57
          ? DIGIT
          : c === 10 || c === 13
            ? BREAK
            : c === 32 || c === 9 || c === 11 || c === 12
              ? SPACE
              : OTHER;
}

function kindAt(text: string, i: number): number {
  if (i >= text.length) return END;
  const c = text.charCodeAt(i);
  return c < 128 ? (KINDS[c] as number) : WIDE;
}

/** `'s`, `'d`, `'m`, `'t`, `'ll`, `'ve`, `'re` (either case each letter) at `at`: its length, or 0. */
function contractionLength(text: string, at: number): number {
  if (text.charCodeAt(at) !== 39) return 0;
  const a = text.charCodeAt(at + 1) | 32;
  if (a === 115 || a === 100 || a === 109 || a === 116) return 2;
  const b = text.charCodeAt(at + 2) | 32;
  if ((a === 108 && b === 108) || (a === 118 && b === 101) || (a === 114 && b === 101)) return 3;
  return 0;
}

/** Upper-case letters, then lower-case ones, then a contraction, from `at` (a letter). */
function wordEnd(text: string, at: number): number {
  let i = at;
  let kind = kindAt(text, i);
  while (kind === UPPER) kind = kindAt(text, ++i);
  while (kind === LOWER) kind = kindAt(text, ++i);
  // A letter or mark outside ASCII may go on the word.
  if (kind === WIDE) return -1;
  return i + contractionLength(text, i);
}

/** Where the piece starting at `at` ends, or -1 when the pattern must say. */
export function o200kAsciiPieceEnd(text: string, at: number): number {
  const kind = kindAt(text, at);
  if (kind === UPPER || kind === LOWER) return wordEnd(text, at);
  if (kind === WIDE) return -1;
  const next = kindAt(text, at + 1);
  // Anything but a line break, letter or digit may open a word: " Hello", "(Hello".
  if (kind !== BREAK && kind !== DIGIT) {
    if (next === UPPER || next === LOWER) return wordEnd(text, at + 1);
    if (next === WIDE) return -1;
  }
  if (kind === DIGIT) {
    let i = at + 1;
    while (i < at + 3 && kindAt(text, i) === DIGIT) i += 1;
    if (i < at + 3 && kindAt(text, i) === WIDE) return -1;
    return i;
  }
  // Punctuation, after at most one space, with the line breaks and slashes after it.
  const punctuationAt =
    kind === OTHER ? at : text.charCodeAt(at) === 32 && next === OTHER ? at + 1 : -1;
  if (punctuationAt !== -1) {
    let i = punctuationAt;
    let k = kindAt(text, i);
    while (k === OTHER) k = kindAt(text, ++i);
    if (k === WIDE) return -1;
    while (k === BREAK || text.charCodeAt(i) === SLASH) k = kindAt(text, ++i);
    return i;
  }
  // White space: through its last line break if it has one; else all of it at the end of the
  // text, all but its last character before other text, or one character alone.
  let end = at;
  let lastBreak = -1;
  let k = kind;
  while (k === SPACE || k === BREAK) {
    if (k === BREAK) lastBreak = end;
    k = kindAt(text, ++end);
  }
  if (k === WIDE) return -1;
  if (lastBreak !== -1) return lastBreak + 1;
  if (k === END || end - at === 1) return end;
  return end - 1;
}
