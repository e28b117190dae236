// What the pair verifier looks at (decision 036): how well the content words of two near prompts
// line up, word by word, in the local embedder's own GloVe vectors, and what the difference check
// sees left over. An averaged vector hides a single unmatched word; an alignment shows it.
import type { TermVector } from '../embedding/local-embedder.ts';
import { diffTerms } from '../guards/term-diff.ts';

/** Below this cosine a word has no counterpart on the other side. */
const UNMATCHED_BELOW = 0.5;

/** Feature names, in the order of the vector `pairFeatures` returns (the weights file uses them). */
export const PAIR_FEATURE_NAMES = [
  'similarity',
  'alignMeanQuery',
  'alignMeanCached',
  'alignMin',
  'unmatchedWeight',
  'unmatched',
  'onlyQuery',
  'onlyCached',
  'sharedShare',
  'lengthRatio',
] as const;

export interface PairSide {
  /** Content words with vectors and weights, from the local embedder. */
  words: TermVector[];
  /** Canonical content words of the difference check (`guardFeatures(text).terms`). */
  terms: string[];
}

/**
 * Features of a candidate pair: `similarity` is the score thresholds are compared with. Every
 * feature is symmetric in spirit (both directions are measured) and bounded, so one set of weights
 * serves short and long prompts.
 */
export function pairFeatures(query: PairSide, cached: PairSide, similarity: number): number[] {
  const fromQuery = alignment(query.words, cached.words);
  const fromCached = alignment(cached.words, query.words);
  const diff = diffTerms(query.terms, cached.terms);
  const longer = Math.max(query.terms.length, cached.terms.length, 1);
  const shorter = Math.min(query.words.length, cached.words.length);
  return [
    similarity,
    fromQuery.mean,
    fromCached.mean,
    Math.min(fromQuery.min, fromCached.min),
    fromQuery.unmatchedWeight + fromCached.unmatchedWeight,
    fromQuery.unmatched + fromCached.unmatched,
    diff.onlyA.length / longer,
    diff.onlyB.length / longer,
    diff.shared / longer,
    shorter / Math.max(query.words.length, cached.words.length, 1),
  ];
}

interface Alignment {
  /** Weighted mean of each word's best match on the other side. */
  mean: number;
  /** The worst-matched word's best match. */
  min: number;
  /** Words with no counterpart (best match below UNMATCHED_BELOW), and their share of the weight. */
  unmatched: number;
  unmatchedWeight: number;
}

/**
 * The most word pairs one alignment compares (a vector's cosine each): a few milliseconds. Past it
 * the words left read as unmatched, which the verifier refuses; two long prompts of unrelated
 * words would otherwise compare millions of pairs on the event loop (decision 094).
 */
export const ALIGN_MAX_PAIRS = 250_000;

function alignment(from: TermVector[], to: TermVector[]): Alignment {
  if (from.length === 0) return { mean: 1, min: 1, unmatched: 0, unmatchedWeight: 0 };
  let pairsLeft = ALIGN_MAX_PAIRS;
  // A word the other side also has matches fully: no need to compare it with every other word
  // (near prompts share most words, and long ones share hundreds).
  const present = new Set(to.map((word) => word.term));
  let weighted = 0;
  let total = 0;
  let min = 1;
  let unmatched = 0;
  let unmatchedWeight = 0;
  for (const word of from) {
    let best = present.has(word.term) ? 1 : 0;
    if (best < 1 && pairsLeft >= to.length) {
      pairsLeft -= to.length;
      for (let i = 0; best < 1 && i < to.length; i++)
        best = Math.max(best, wordSimilarity(word, to[i] as TermVector));
    }
    weighted += word.weight * best;
    total += word.weight;
    min = Math.min(min, best);
    if (best < UNMATCHED_BELOW) {
      unmatched++;
      unmatchedWeight += word.weight;
    }
  }
  return {
    mean: total ? weighted / total : 1,
    min,
    unmatched,
    unmatchedWeight: total ? unmatchedWeight / total : 0,
  };
}

/** 1 for the same word; the vectors' cosine when both have one; shared trigrams otherwise. */
function wordSimilarity(a: TermVector, b: TermVector): number {
  if (a.term === b.term) return 1;
  if (a.vector && b.vector) return Math.max(0, cosine(a.vector, b.vector));
  return trigramOverlap(a.term, b.term);
}

/** Both vectors are unit length (`termVectors`): the cosine is the dot product. */
function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

/** Dice overlap of character trigrams: "k8s" / "kubernetes" share none, "postgres" / "postgresql" most. */
function trigramOverlap(a: string, b: string): number {
  const grams = (word: string) => {
    const padded = `#${word}#`;
    const out = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return x.size + y.size ? (2 * shared) / (x.size + y.size) : 0;
}
