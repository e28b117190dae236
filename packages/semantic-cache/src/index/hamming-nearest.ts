/** Bits of every code the scan compares (SignCodes): four 32-bit words. */
export const CODE_BITS = 128;
export const CODE_WORDS = CODE_BITS / 32;

/**
 * The `count` rows whose 128-bit codes are nearest `query` in Hamming distance, as row numbers in
 * ascending order; rows at the cut-off distance are taken in row order. A histogram of distances
 * instead of a sorted list: a distance is a small integer, so the cut-off is found by counting
 * (decision 200).
 */
export function hammingNearest(
  codes: Uint32Array,
  rows: number,
  query: Uint32Array,
  count: number,
  scratch: HammingScratch,
): Int32Array {
  const distances = scratch.distancesFor(rows);
  const histogram = scratch.histogram.fill(0);
  const q0 = query[0] ?? 0;
  const q1 = query[1] ?? 0;
  const q2 = query[2] ?? 0;
  const q3 = query[3] ?? 0;
  for (let row = 0, at = 0; row < rows; row++, at += CODE_WORDS) {
    distances[row] = hamming(codes, at, q0, q1, q2, q3);
  }
  // Counted apart: in the loop above, increments of the same few counts waited on each other
  // (~40% of the scan).
  for (let row = 0; row < rows; row++) {
    const distance = distances[row] ?? 0;
    histogram[distance] = (histogram[distance] ?? 0) + 1;
  }
  const wanted = Math.min(count, rows);
  let cut = 0;
  let below = 0;
  while (below + (histogram[cut] ?? 0) < wanted) below += histogram[cut++] ?? 0;
  // Every row nearer than the cut, then rows at the cut in row order until `wanted` are taken.
  let atCut = wanted - below;
  const picked = new Int32Array(wanted);
  let n = 0;
  for (let row = 0; row < rows && n < wanted; row++) {
    const distance = distances[row] ?? 0;
    if (distance < cut || (distance === cut && atCut-- > 0)) picked[n++] = row;
  }
  return picked;
}

/**
 * Of `shortlist` (rows in ascending order, from hammingNearest with `firstDistances`), the
 * `count` nearest by their first distance plus their distance in a second, independent code:
 * 256 bits rank the shortlist as one 128-bit code cannot, for four words a row read (decision 200).
 * Ascending row order again; equal totals keep row order. A total is at most 256, so the cut-off
 * is found by counting, as in hammingNearest: a sort of the totals and one of the rows kept cost
 * more than the distances themselves (decision 214).
 */
export function refineNearest(
  shortlist: Int32Array,
  firstDistances: Uint8Array,
  codes: Uint32Array,
  query: Uint32Array,
  count: number,
  scratch: HammingScratch,
): Int32Array {
  if (shortlist.length <= count) return shortlist;
  const places = shortlist.length;
  const totals = scratch.totalsFor(places);
  const histogram = scratch.totalHistogram.fill(0);
  const q0 = query[0] ?? 0;
  const q1 = query[1] ?? 0;
  const q2 = query[2] ?? 0;
  const q3 = query[3] ?? 0;
  for (let i = 0; i < places; i++) {
    const row = shortlist[i] ?? 0;
    const at = row * CODE_WORDS;
    const total = (firstDistances[row] ?? 0) + hamming(codes, at, q0, q1, q2, q3);
    totals[i] = total;
    histogram[total] = (histogram[total] ?? 0) + 1;
  }
  let cut = 0;
  let below = 0;
  while (below + (histogram[cut] ?? 0) < count) below += histogram[cut++] ?? 0;
  // Every total under the cut, then totals at the cut in shortlist (row) order: the `count`
  // smallest of (total, place), in ascending row order because the shortlist is.
  let atCut = count - below;
  const kept = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < places && n < count; i++) {
    const total = totals[i] ?? 0;
    if (total < cut || (total === cut && atCut-- > 0)) kept[n++] = shortlist[i] ?? 0;
  }
  return kept;
}

/**
 * Bits that differ between the code at word `at` and the query's four words. Written out for four
 * words: a loop over a row's words took ~1.7× as long (V8 does not unroll). Bit counts are summed
 * per byte, words sharing each step after the first, then the bytes added by one multiply (≤ 128,
 * so the top byte does not overflow): no table reads.
 */
function hamming(codes: Uint32Array, at: number, q0: number, q1: number, q2: number, q3: number) {
  let a = (codes[at] ?? 0) ^ q0;
  let b = (codes[at + 1] ?? 0) ^ q1;
  let c = (codes[at + 2] ?? 0) ^ q2;
  let d = (codes[at + 3] ?? 0) ^ q3;
  a -= (a >>> 1) & 0x55555555;
  b -= (b >>> 1) & 0x55555555;
  c -= (c >>> 1) & 0x55555555;
  d -= (d >>> 1) & 0x55555555;
  a = (a & 0x33333333) + ((a >>> 2) & 0x33333333) + (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  c = (c & 0x33333333) + ((c >>> 2) & 0x33333333) + (d & 0x33333333) + ((d >>> 2) & 0x33333333);
  a = (a & 0x0f0f0f0f) + ((a >>> 4) & 0x0f0f0f0f) + (c & 0x0f0f0f0f) + ((c >>> 4) & 0x0f0f0f0f);
  return Math.imul(a, 0x01010101) >>> 24;
}

/** Buffers reused by every search of one partition. */
export class HammingScratch {
  readonly histogram = new Uint32Array(CODE_BITS + 1);
  /** refineNearest's counts of totals of two distances (0–256). */
  readonly totalHistogram = new Uint32Array(2 * CODE_BITS + 1);
  private distances = new Uint8Array(0);
  private totals = new Uint16Array(0);

  /** Each row's distance from the last hammingNearest. */
  get lastDistances(): Uint8Array {
    return this.distances;
  }

  distancesFor(rows: number): Uint8Array {
    if (this.distances.length < rows) this.distances = new Uint8Array(rows * 2);
    return this.distances;
  }

  totalsFor(places: number): Uint16Array {
    if (this.totals.length < places) this.totals = new Uint16Array(places);
    return this.totals;
  }
}
