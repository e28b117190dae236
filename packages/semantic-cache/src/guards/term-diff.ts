// The word-level diff of two term lists, bounded in work.

export interface Difference {
  /** Words only the first prompt has, after moved words (reordered clauses) cancel out. */
  onlyA: string[];
  onlyB: string[];
  /** Words both prompts share in order (at least, when `capped`). */
  shared: number;
  /**
   * The parts that differ were too long to align (DIFF_MAX_CELLS): `shared` counts only the words
   * both prompts start and end with. The difference check refuses such a pair.
   */
  capped?: true;
}

/**
 * The most cells (words of one side's differing middle times the other's) the word alignment
 * fills: about a millisecond. Two prompts of a few thousand words that differ at both ends would
 * otherwise fill tens of millions, seconds of the event loop for one cache lookup (decision 094).
 */
export const DIFF_MAX_CELLS = 250_000;

/**
 * A word-level diff (longest common subsequence) of two term lists; moved words cancel. The words
 * both lists start and end with are shared as they are; only the middle is aligned, and not at
 * all past DIFF_MAX_CELLS. What is only on one side does not depend on the alignment: moved
 * words cancel, so it is each side's words less the other's, counted.
 */
export function diffTerms(a: string[], b: string[]): Difference {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rowsA = endA - start;
  const colsB = endB - start;
  const around = start + (a.length - endA);
  const capped = rowsA * colsB > DIFF_MAX_CELLS;
  const shared = around + (capped ? 0 : middleShared(a, b, start, endA, endB));
  const pool = new Map<string, number>();
  for (let j = start; j < endB; j++) {
    const word = b[j] as string;
    pool.set(word, (pool.get(word) ?? 0) + 1);
  }
  const onlyA: string[] = [];
  for (let i = start; i < endA; i++) {
    const word = a[i] as string;
    const left = pool.get(word) ?? 0;
    if (left > 0) pool.set(word, left - 1);
    else onlyA.push(word);
  }
  const onlyB: string[] = [];
  for (let j = start; j < endB; j++) {
    const word = b[j] as string;
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      onlyB.push(word);
      pool.set(word, left - 1);
    }
  }
  return capped ? { onlyA, onlyB, shared, capped: true } : { onlyA, onlyB, shared };
}

/** The longest common subsequence of a[start, endA) and b[start, endB), words as numbers. */
function middleShared(a: string[], b: string[], start: number, endA: number, endB: number): number {
  const rows = endA - start;
  const cols = endB - start;
  if (rows === 0 || cols === 0) return 0;
  const ids = new Map<string, number>();
  const idsOf = (words: string[], end: number) => {
    const out = new Int32Array(end - start);
    for (let k = start; k < end; k++) {
      const word = words[k] as string;
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      out[k - start] = id;
    }
    return out;
  };
  const x = idsOf(a, endA);
  const y = idsOf(b, endB);
  // Two rows of the table: only its length is read.
  let next = new Uint32Array(cols + 1);
  let row = new Uint32Array(cols + 1);
  for (let i = rows - 1; i >= 0; i--) {
    const xi = x[i] as number;
    for (let j = cols - 1; j >= 0; j--) {
      const down = next[j] as number;
      const right = row[j + 1] as number;
      row[j] = xi === y[j] ? (next[j + 1] as number) + 1 : Math.max(down, right);
    }
    [next, row] = [row, next];
  }
  return next[0] as number;
}
