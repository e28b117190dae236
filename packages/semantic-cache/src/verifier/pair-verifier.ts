// The pair verifier (decision 036): a second look at the one candidate just below the threshold.
// When every guard passes, a logistic regression over pairFeatures (word alignment in the local
// embedder's GloVe vectors, what the difference check leaves over, lengths) accepts the candidate
// only when it is very sure. Weights come from eval/cache/train-pair-verifier.ts, trained on the
// tuning files and the template set's dev half; the file says how it was made.
import { RecentMap } from '../cache/recent-map.ts';
import type { Embedder } from '../embedding/embedder.ts';
import type { TermVector } from '../embedding/local-embedder.ts';
import {
  type LogisticWeights,
  logisticProbability,
  readLogisticWeights,
} from './logistic-score.ts';
import { PAIR_FEATURE_NAMES, type PairSide, pairFeatures } from './pair-features.ts';

/** Whether a cache verifies near candidates when its options do not say (decision 036). */
export const PAIR_VERIFIER_ON_BY_DEFAULT = true;

/**
 * Cached prompts whose word vectors are kept, and the longest kept: a word costs ~0.5 KB (100
 * floats), so the memo stays under ~4 MB however long the prompts are.
 */
const ENTRIES_REMEMBERED = 128;
const WORDS_REMEMBERED = 64;

interface Weights extends LogisticWeights {
  features: string[];
  /** Lowest similarity the verifier is asked about. */
  floor: number;
  /** Probability from which a candidate is accepted. */
  cut: number;
}

export interface PairVerifier {
  readonly floor: number;
  /** Whether a candidate every guard passed, with `similarity` below the threshold, is the same question. */
  accepts(
    queryText: string,
    queryTerms: string[],
    cachedText: string,
    cachedTerms: string[],
    similarity: number,
  ): boolean;
}

let loaded: Weights | undefined;
function weights(): Weights {
  loaded ??= readLogisticWeights<Weights>(
    new URL('./pair-verifier-weights.json', import.meta.url),
    PAIR_FEATURE_NAMES,
    'pair verifier',
  );
  return loaded;
}

/**
 * One verifier per embedder: the gateway runs an engine per resident account over one local
 * embedder, and they share its memo of word vectors instead of holding one each.
 */
const verifiers = new WeakMap<Embedder, PairVerifier | null>();

/** The verifier for an embedder that exposes its word vectors (the local one), else none. */
export function createPairVerifier(embedder: Embedder): PairVerifier | undefined {
  let verifier = verifiers.get(embedder);
  if (verifier === undefined) {
    verifier = makePairVerifier(embedder);
    verifiers.set(embedder, verifier);
  }
  return verifier ?? undefined;
}

function makePairVerifier(embedder: Embedder): PairVerifier | null {
  const termVectors = (embedder as { termVectors?: (text: string) => TermVector[] }).termVectors;
  if (!termVectors) return null;
  const model = weights();
  // Lookups keep meeting the same near entries: their word vectors are worked out once.
  const entryWords = new RecentMap<string, TermVector[]>(ENTRIES_REMEMBERED);
  const side = (text: string, terms: string[], remember: boolean): PairSide => {
    let words = remember ? entryWords.get(text) : undefined;
    if (!words) {
      words = termVectors(text);
      if (remember && words.length <= WORDS_REMEMBERED) entryWords.set(text, words);
    }
    return { words, terms };
  };
  return {
    floor: model.floor,
    accepts(queryText, queryTerms, cachedText, cachedTerms, similarity) {
      if (similarity < model.floor) return false;
      const x = pairFeatures(
        side(queryText, queryTerms, false),
        side(cachedText, cachedTerms, true),
        similarity,
      );
      return logisticProbability(model, x) >= model.cut;
    },
  };
}
