import { type GuardName, PAIR_VERIFIER_ON_BY_DEFAULT } from '@tokenwise/semantic-cache';
import type { PairOutcome } from './score-pairs.ts';

export interface ThresholdMetrics {
  threshold: number;
  positives: number;
  negatives: number;
  correctHits: number;
  falseHits: number;
  misses: number;
  precision: number;
  recall: number;
  /** False hits as a share of all hits: the bar is < 2% at the default threshold. */
  falseHitShare: number;
  recallByVariant: Record<string, number>;
  falseHitsByKind: Record<string, number>;
}

/**
 * A hit at `threshold`: the similarity reaches it and every guard passes, or it is below and the
 * verifier's second look accepts. That look runs the guards itself, with the waiver of decision
 * 145 (a format or constraint word inside a rewording), so `refusedBy` (read at threshold 0, where
 * every candidate meets the guards in full) does not decide below the threshold.
 */
export const isHit = (o: PairOutcome, threshold: number, verifier = PAIR_VERIFIER_ON_BY_DEFAULT) =>
  o.similarity >= threshold ? o.refusedBy === null : verifier && o.verified;

export function metricsAt(
  outcomes: PairOutcome[],
  threshold: number,
  verifier = PAIR_VERIFIER_ON_BY_DEFAULT,
): ThresholdMetrics {
  const positives = outcomes.filter((o) => o.pair.same);
  const negatives = outcomes.filter((o) => !o.pair.same);
  const correctHits = positives.filter((o) => isHit(o, threshold, verifier)).length;
  const falseHits = negatives.filter((o) => isHit(o, threshold, verifier));
  const hits = correctHits + falseHits.length;
  const recallByVariant: Record<string, number> = {};
  for (const variant of new Set(positives.map((o) => o.pair.kind))) {
    const group = positives.filter((o) => o.pair.kind === variant);
    recallByVariant[variant] = round(
      group.filter((o) => isHit(o, threshold, verifier)).length / group.length,
    );
  }
  const falseHitsByKind: Record<string, number> = {};
  for (const o of falseHits) falseHitsByKind[o.pair.kind] = (falseHitsByKind[o.pair.kind] ?? 0) + 1;
  return {
    threshold,
    positives: positives.length,
    negatives: negatives.length,
    correctHits,
    falseHits: falseHits.length,
    misses: positives.length - correctHits,
    precision: round(hits ? correctHits / hits : 1),
    recall: round(correctHits / positives.length),
    falseHitShare: round(hits ? falseHits.length / hits : 0),
    recallByVariant,
    falseHitsByKind,
  };
}

export interface GuardCost {
  guard: GuardName;
  threshold: number;
  recallWithGuard: number;
  recallWithoutGuard: number;
  /** True paraphrases the guard turns into misses. */
  hitsLost: number;
  /** False hits the guard prevents. */
  falseHitsPrevented: number;
}

/** Compares the engine with all guards on against the same engine with one guard off. */
export function guardCost(
  guard: GuardName,
  withGuard: PairOutcome[],
  without: PairOutcome[],
  threshold: number,
): GuardCost {
  const on = metricsAt(withGuard, threshold);
  const off = metricsAt(without, threshold);
  return {
    guard,
    threshold,
    recallWithGuard: on.recall,
    recallWithoutGuard: off.recall,
    hitsLost: off.correctHits - on.correctHits,
    falseHitsPrevented: off.falseHits - on.falseHits,
  };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
