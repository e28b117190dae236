// The candidates the pair verifier is asked about (decisions 036, 052, 181), as the engine asks
// today: each pair goes through a real cache whose verifier accepts everything from `floor` up and
// records the features it was shown. A pair below 0.95 that still comes back a hit is one every
// guard of the second look lets through (the difference check and its waivers of decision 145
// before the verifier, every other guard after), so training sees exactly what the verifier is
// asked and what its "yes" would turn into a hit.
import {
  type Embedder,
  type PairSide,
  type PairVerifier,
  pairFeatures,
  SemanticCache,
} from '@tokenwise/semantic-cache';
import type { LabelledPair } from './pairs.ts';
import { evalRequest, withOnlyCached } from './score-pairs.ts';

export const DEFAULT_THRESHOLD = 0.95;

export interface Candidate {
  set: string;
  /** Set and group id: a group's pairs never straddle cross-validation folds. */
  group: string;
  same: boolean;
  similarity: number;
  x: number[];
}

export interface SetOutcome {
  positives: number;
  /** Hits at 0.95 without the verifier. */
  right: number;
  wrong: number;
  /** Pairs below 0.95 and from `floor` up that the second look's guards pass. */
  candidates: Candidate[];
}

/** `features` gets the texts and term lists the verifier is shown; default: `pairFeatures`. */
export type FeatureFn = (query: PairSide, cached: PairSide, similarity: number) => number[];

export async function verifierCandidates(
  set: string,
  pairs: LabelledPair[],
  embedder: Embedder & { termVectors(text: string): PairSide['words'] },
  floor: number,
  features: FeatureFn = pairFeatures,
): Promise<SetOutcome> {
  let shown: number[] | undefined;
  const acceptAll: PairVerifier = {
    floor,
    accepts(queryText, queryTerms, cachedText, cachedTerms, similarity) {
      shown = features(
        { words: embedder.termVectors(queryText), terms: queryTerms },
        { words: embedder.termVectors(cachedText), terms: cachedTerms },
        similarity,
      );
      return true;
    },
  };
  const cache = new SemanticCache({ embedder, pairVerifier: acceptAll });
  const out: SetOutcome = { positives: 0, right: 0, wrong: 0, candidates: [] };
  for (const [i, pair] of pairs.entries()) {
    if (pair.same) out.positives++;
    shown = undefined;
    const result = await withOnlyCached(cache, pair, i, () =>
      cache.lookup(evalRequest(pair.query), { threshold: DEFAULT_THRESHOLD }),
    );
    if (result.kind === 'miss') continue;
    if (result.kind === 'exact' || result.similarity >= DEFAULT_THRESHOLD) {
      if (pair.same) out.right++;
      else out.wrong++;
    } else if (shown) {
      out.candidates.push({
        set,
        group: `${set}/${pair.group}`,
        same: pair.same,
        similarity: result.similarity,
        x: shown,
      });
    }
  }
  return out;
}
