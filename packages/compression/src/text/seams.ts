// Which of tidy's repairs can match a text, read in one pass by character code. Each flag is a
// condition every match of its repair needs, so a repair whose flag is clear is skipped unrun:
// on a short prompt most of the six find nothing, and each ran along the whole text.

/** `[,;:]+(?=[.!?])`, `,(?=,)`, `(?<=[.!?]),`: punctuation next to punctuation. */
export const PUNCTUATION_PAIR = 1;
/** `[.!?]( +[.!?])+`, `..`: a sentence's end repeated. */
export const REPEATED_END = 2;
/** ` +(?=[,.;:!?])`, `[ \t]+$`: a space before punctuation or at a line's end. */
export const SPACE_BEFORE = 4;
/** `(\S) {2,}`: a doubled space. */
export const DOUBLED_SPACE = 8;
/** `^[ \t]*[,;:.]`: a line opening with punctuation. */
export const LINE_OPENS_WITH_PUNCTUATION = 16;
/** `\n`: a line break, for the blank-line runs. */
export const LINE_BREAK = 32;

const COMMA = 44;
const SPACE = 32;
const TAB = 9;
const DOT = 46;

function isEnd(c: number): boolean {
  return c === DOT || c === 33 || c === 63; // . ! ?
}

function isPause(c: number): boolean {
  return c === COMMA || c === 59 || c === 58; // , ; :
}

/** `$` and `^` under the `m` flag stop at these. */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

export function seamsIn(text: string): number {
  let flags = 0;
  let lineStart = true;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    if (isLineTerminator(c)) {
      if (c === 10) flags |= LINE_BREAK;
      lineStart = true;
      continue;
    }
    if (lineStart && (isPause(c) || c === DOT)) flags |= LINE_OPENS_WITH_PUNCTUATION;
    if (c !== SPACE && c !== TAB) lineStart = false;
    if ((isPause(c) && (isEnd(next) || next === COMMA)) || (isEnd(c) && next === COMMA))
      flags |= PUNCTUATION_PAIR;
    if (c === DOT && next === DOT) flags |= REPEATED_END;
    if (isEnd(c) && next === SPACE) {
      let j = i + 1;
      while (text.charCodeAt(j) === SPACE) j += 1;
      if (isEnd(text.charCodeAt(j))) flags |= REPEATED_END;
    }
    if (c === SPACE || c === TAB) {
      if (next === -1 || isLineTerminator(next)) flags |= SPACE_BEFORE;
      if (c === SPACE && (isPause(next) || isEnd(next))) flags |= SPACE_BEFORE;
      if (c === SPACE && next === SPACE) flags |= DOUBLED_SPACE;
    }
  }
  return flags;
}
