import { PII_KINDS, type PiiKind, type PiiSpan } from '@tokenwise/pii';

export interface KindScore {
  support: number;
  predicted: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Recall counting any overlap with a labelled value of the same kind (boundary errors forgiven). */
  overlapRecall: number;
}

interface Counts {
  support: number;
  predicted: number;
  exact: number;
  overlapping: number;
}

const sameSpan = (a: PiiSpan, b: PiiSpan) =>
  a.kind === b.kind && a.start === b.start && a.end === b.end;
const overlaps = (a: PiiSpan, b: PiiSpan) =>
  a.kind === b.kind && a.start < b.end && b.start < a.end;

/** Exact-span precision and recall per kind over all sentences. */
export function scoreByKind(
  items: readonly { gold: PiiSpan[]; predicted: PiiSpan[] }[],
): Record<PiiKind, KindScore> {
  const counts = Object.fromEntries(
    PII_KINDS.map((kind) => [kind, { support: 0, predicted: 0, exact: 0, overlapping: 0 }]),
  ) as Record<PiiKind, Counts>;
  for (const { gold, predicted } of items) {
    for (const g of gold) {
      counts[g.kind].support += 1;
      if (predicted.some((p) => sameSpan(p, g))) counts[g.kind].exact += 1;
      if (predicted.some((p) => overlaps(p, g))) counts[g.kind].overlapping += 1;
    }
    for (const p of predicted) counts[p.kind].predicted += 1;
  }
  return Object.fromEntries(
    PII_KINDS.map((kind) => {
      const c = counts[kind];
      const precision = c.predicted === 0 ? 1 : c.exact / c.predicted;
      const recall = c.support === 0 ? 1 : c.exact / c.support;
      const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
      return [
        kind,
        {
          support: c.support,
          predicted: c.predicted,
          truePositives: c.exact,
          precision,
          recall,
          f1,
          overlapRecall: c.support === 0 ? 1 : c.overlapping / c.support,
        },
      ];
    }),
  ) as Record<PiiKind, KindScore>;
}
