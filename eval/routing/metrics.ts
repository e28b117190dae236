import type { Difficulty } from '@tokenwise/difficulty';

export const CLASSES: readonly Difficulty[] = ['simple', 'medium', 'complex'];

export interface Scored {
  label: Difficulty;
  predicted: Difficulty;
}

/** matrix[label][predicted] = count. */
export type ConfusionMatrix = Record<Difficulty, Record<Difficulty, number>>;

export interface ClassMetrics {
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface Metrics {
  total: number;
  accuracy: number;
  confusion: ConfusionMatrix;
  perClass: Record<Difficulty, ClassMetrics>;
  /** The bar: share of complex prompts that would have gone to Mini. */
  complexToSimpleRate: number;
  /** Sent to a cheaper tier than the label asks for (a quality risk). */
  underRouted: number;
  /** Sent to a dearer tier than needed (a cost, not a quality risk). */
  overRouted: number;
}

const RANK: Record<Difficulty, number> = { simple: 0, medium: 1, complex: 2 };

export function computeMetrics(rows: Scored[]): Metrics {
  const confusion = emptyMatrix();
  for (const { label, predicted } of rows) confusion[label][predicted] += 1;
  const perClass = Object.fromEntries(
    CLASSES.map((c) => [c, classMetrics(confusion, c)]),
  ) as Record<Difficulty, ClassMetrics>;
  const correct = CLASSES.reduce((n, c) => n + confusion[c][c], 0);
  const complexTotal = CLASSES.reduce((n, c) => n + confusion.complex[c], 0);
  return {
    total: rows.length,
    accuracy: ratio(correct, rows.length),
    confusion,
    perClass,
    complexToSimpleRate: ratio(confusion.complex.simple, complexTotal),
    underRouted: rows.filter((r) => RANK[r.predicted] < RANK[r.label]).length,
    overRouted: rows.filter((r) => RANK[r.predicted] > RANK[r.label]).length,
  };
}

function classMetrics(m: ConfusionMatrix, c: Difficulty): ClassMetrics {
  const truePositive = m[c][c];
  const predicted = CLASSES.reduce((n, label) => n + m[label][c], 0);
  const support = CLASSES.reduce((n, p) => n + m[c][p], 0);
  const precision = ratio(truePositive, predicted);
  const recall = ratio(truePositive, support);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { support, precision, recall, f1 };
}

function emptyMatrix(): ConfusionMatrix {
  const row = () => ({ simple: 0, medium: 0, complex: 0 });
  return { simple: row(), medium: row(), complex: row() };
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
