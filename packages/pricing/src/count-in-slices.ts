// Byte-pair merging takes time quadratic in the length of one unbroken run of characters, so a
// 100k-character run without spaces (base64, minified data, a hostile request) would block the
// event loop for seconds. Runs longer than MAX_RUN are counted in slices; the count may then be
// off by about one token per slice, and only for such runs.
const MAX_RUN = 256;
// Anchored at the start of a run: unanchored, the search retried at every character of every
// word, which took twice as long on ordinary prose. The runs found are the same.
const LONG_RUN = new RegExp(`(?<!\\S)\\S{${MAX_RUN + 1},}|(?<!\\s)\\s{${MAX_RUN + 1},}`, 'g');

/**
 * Whether `c` is a UTF-16 unit that `\s` matches (the same without and with the `u` flag):
 * ECMAScript's WhiteSpace and LineTerminator.
 */
function isSpaceUnit(c: number): boolean {
  if (c < 0xa0) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Whether `text` holds a run LONG_RUN would find: more than MAX_RUN units all space or all not.
 * One read by character code; LONG_RUN's search tried both branches at every unit, and cost about
 * as much as splitting the text into the tokenizer's pieces (decision 207).
 */
function hasLongRun(text: string): boolean {
  let run = 0;
  let space = false;
  for (let i = 0; i < text.length; i += 1) {
    const s = isSpaceUnit(text.charCodeAt(i));
    if (s === space) {
      run += 1;
      if (run > MAX_RUN) return true;
    } else {
      space = s;
      run = 1;
    }
  }
  return false;
}

/** Counts `text` with `count`, never handing it a run longer than MAX_RUN characters. */
export function countInSlices(count: (text: string) => number, text: string): number {
  // Most prompts are shorter than one run could be, and most longer texts have no such run: no
  // search at all.
  if (text.length <= MAX_RUN || !hasLongRun(text)) return text.length === 0 ? 0 : count(text);
  const plain = (s: string) => (s.length === 0 ? 0 : count(s));
  let total = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    total += plain(text.slice(from, run.index));
    for (let i = 0; i < run[0].length; i += MAX_RUN) total += plain(run[0].slice(i, i + MAX_RUN));
    from = run.index + run[0].length;
  }
  return total + plain(text.slice(from));
}
