// Smooth inverse frequency weights (Arora, Liang & Ma 2017, "A Simple but Tough-to-Beat Baseline
// for Sentence Embeddings"): a word counts a / (a + p(w)). The wink/GloVe file carries no counts,
// only frequency order, so p(w) is estimated from the rank with Zipf's law, p(r) = 1 / (r · H_N).
import { readCachedFloats, writeCachedFloats } from './vector-snapshot.ts';
import type { WordVectors } from './word-vectors.ts';

/** SIF weight of the word at frequency rank `rank` (0 = most frequent). */
export function sifWeightOfRank(rank: number, a: number, vocabularySize: number): number {
  return sifWeightWith(rank, a, zipfNorm(vocabularySize));
}

/** H_N, the harmonic number of the vocabulary size (ln N + γ). */
const zipfNorm = (vocabularySize: number): number => Math.log(vocabularySize) + 0.5772;

function sifWeightWith(rank: number, a: number, norm: number): number {
  const p = 1 / ((rank + 1) * norm);
  return a / (a + p);
}

/** The SIF weight of a word by its rank in `vectors` (`rankOf`), which the caller has at hand. */
export function createSifWeight(
  vectors: WordVectors,
  a: number,
): (rank: number | undefined) => number {
  // The logarithm once, not per word.
  const norm = zipfNorm(vectors.sourceSize);
  // Words outside the kept vocabulary are rarer than every kept word: full weight.
  return (rank) => (rank === undefined ? 1 : sifWeightWith(rank, a, norm));
}

/**
 * The direction shared by all sentence vectors (the paper's first principal component), estimated
 * without a corpus: the top principal component of the SIF-weighted vectors of the most frequent
 * words, found by power iteration. Removing it spreads apart sentences that only share filler.
 */
export function commonComponent(vectors: WordVectors, a: number, words = 50_000): Float32Array {
  // 30 passes over 50,000 rows (~0.6 s of CPU) at every start, for 100 numbers: computed once
  // per vectors snapshot and kept beside it.
  const cached = vectors.cachePrefix && `${vectors.cachePrefix}.common-${a}-${words}.f32`;
  const stored = cached ? readCachedFloats(cached, vectors.dimensions) : null;
  if (stored) return stored;
  const computed = computeCommonComponent(vectors, a, words);
  if (cached) writeCachedFloats(cached, computed);
  return computed;
}

function computeCommonComponent(vectors: WordVectors, a: number, words: number): Float32Array {
  const dims = vectors.dimensions;
  const count = Math.min(words, vectors.size);
  const weights = Float64Array.from(
    { length: count },
    (_, r) => sifWeightOfRank(r, a, vectors.sourceSize) ** 2,
  );
  let direction = new Float64Array(dims).fill(1 / Math.sqrt(dims));
  const row = new Float32Array(dims);
  for (let iteration = 0; iteration < 30; iteration++) {
    const next = new Float64Array(dims);
    for (let r = 0; r < count; r++) {
      vectors.row(r, row);
      let projection = 0;
      for (let d = 0; d < dims; d++) projection += (row[d] ?? 0) * (direction[d] ?? 0);
      const scale = (weights[r] ?? 0) * projection;
      for (let d = 0; d < dims; d++) next[d] = (next[d] ?? 0) + scale * (row[d] ?? 0);
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (next[d] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) next[d] = (next[d] ?? 0) / norm;
    direction = next;
  }
  return Float32Array.from(direction);
}
