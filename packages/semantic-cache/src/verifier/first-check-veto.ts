// The first check's veto (decision 229): a candidate at or above the threshold that every guard
// passed is still refused when a small logistic regression over the pair verifier's features and
// the extra ones of decision 181 says it is unlikely to be the same question. Weights come from
// eval/cache/first-check-veto.ts (--write), trained on the tuning files, the template dev half and
// the blind files' first-reading wrong hits; the file says how it was made.
import type { Embedder } from '../embedding/embedder.ts';
import type { TermVector } from '../embedding/local-embedder.ts';
import { EXTRA_FEATURES } from './extra-pair-features.ts';
import {
  type LogisticWeights,
  logisticProbability,
  readLogisticWeights,
} from './logistic-score.ts';
import { PAIR_FEATURE_NAMES, type PairSide, pairFeatures } from './pair-features.ts';

/** Whether a cache vetoes first-look hits when its options do not say (decision 229). */
export const FIRST_CHECK_VETO_ON_BY_DEFAULT = false;

/** Whether a candidate the first look would serve is still refused. */
export interface FirstCheckVeto {
  refuses(
    queryText: string,
    queryTerms: string[],
    cachedText: string,
    cachedTerms: string[],
    similarity: number,
  ): boolean;
}

/** The veto's features, in the order of the vector `vetoFeatures` returns. */
export const VETO_FEATURE_NAMES = [...PAIR_FEATURE_NAMES, ...EXTRA_FEATURES.map((f) => f.name)];

export function vetoFeatures(query: PairSide, cached: PairSide, similarity: number): number[] {
  return [
    ...pairFeatures(query, cached, similarity),
    ...EXTRA_FEATURES.map((f) => f.compute(query, cached)),
  ];
}

interface Weights extends LogisticWeights {
  features: string[];
  /** Below this probability of the same question the candidate is refused. */
  cut: number;
}

let loaded: Weights | undefined;
function weights(): Weights {
  loaded ??= readLogisticWeights<Weights>(
    new URL('./first-check-veto-weights.json', import.meta.url),
    VETO_FEATURE_NAMES,
    'first-check veto',
  );
  return loaded;
}

/** The veto for an embedder that exposes its word vectors (the local one), else none. */
export function createFirstCheckVeto(embedder: Embedder): FirstCheckVeto | undefined {
  const termVectors = (embedder as { termVectors?: (text: string) => TermVector[] }).termVectors;
  if (!termVectors) return undefined;
  const model = weights();
  return {
    refuses(queryText, queryTerms, cachedText, cachedTerms, similarity) {
      const x = vetoFeatures(
        { words: termVectors(queryText), terms: queryTerms },
        { words: termVectors(cachedText), terms: cachedTerms },
        similarity,
      );
      return logisticProbability(model, x) < model.cut;
    },
  };
}
