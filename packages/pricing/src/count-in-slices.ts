// Byte-pair merging takes time quadratic in the length of one unbroken run of characters, so a
// 100k-character run without spaces (base64, minified data, a hostile request) would block the
// event loop for seconds. Runs longer than MAX_RUN are counted in slices; the count may then be
// off by about one token per slice, and only for such runs.
const MAX_RUN = 256;
// Anchored at the start of a run: unanchored, the search retried at every character of every
// word, which took twice as long on ordinary prose. The runs found are the same.
const LONG_RUN = new RegExp(`(?<!\\S)\\S{${MAX_RUN + 1},}|(?<!\\s)\\s{${MAX_RUN + 1},}`, 'g');

/** Counts `text` with `count`, never handing it a run longer than MAX_RUN characters. */
export function countInSlices(count: (text: string) => number, text: string): number {
  // Most prompts are shorter than one run could be: no search at all.
  if (text.length <= MAX_RUN) return text.length === 0 ? 0 : count(text);
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
