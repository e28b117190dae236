import type { Difficulty } from '@tokenwise/difficulty';
import type { CostSummary } from './cost.ts';
import { CLASSES, type Metrics } from './metrics.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const usd = (x: number) => `$${x.toFixed(4)}`;

export function formatConfusion(m: Metrics): string {
  const head = `${'label \\ scored'.padEnd(16)}${CLASSES.map((c) => c.padStart(9)).join('')}${'recall'.padStart(9)}`;
  const rows = CLASSES.map(
    (label) =>
      `${label.padEnd(16)}${CLASSES.map((p) => String(m.confusion[label][p]).padStart(9)).join('')}${pct(m.perClass[label].recall).padStart(9)}`,
  );
  const precision = `${'precision'.padEnd(16)}${CLASSES.map((c) => pct(m.perClass[c].precision).padStart(9)).join('')}`;
  return [head, ...rows, precision].join('\n');
}

export function formatSummary(name: string, m: Metrics): string {
  const bar = m.complexToSimpleRate < 0.05 ? 'PASS' : 'FAIL';
  return `${name.padEnd(12)} n=${String(m.total).padEnd(4)} accuracy ${pct(m.accuracy).padStart(6)}  complex→simple ${pct(m.complexToSimpleRate).padStart(5)} (${bar})  under-routed ${m.underRouted}  over-routed ${m.overRouted}`;
}

export function formatCost(c: CostSummary): string {
  return [
    `all Premium   ${usd(c.allPremiumUsd)}`,
    `routed        ${usd(c.routedUsd)}   saved ${pct(c.savedShare)}`,
    `oracle        ${usd(c.oracleUsd)}   saved ${pct(c.oracleSavedShare)} (routing by the true labels)`,
  ].join('\n');
}

export function formatCategories(
  rows: { category: string; label: Difficulty; predicted: Difficulty }[],
): string {
  const byCategory = new Map<string, { n: number; correct: number }>();
  for (const row of rows) {
    const entry = byCategory.get(row.category) ?? { n: 0, correct: 0 };
    entry.n += 1;
    if (row.label === row.predicted) entry.correct += 1;
    byCategory.set(row.category, entry);
  }
  return [...byCategory.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([category, { n, correct }]) =>
        `${category.padEnd(18)} ${String(correct).padStart(3)}/${String(n).padEnd(3)} ${pct(correct / n).padStart(6)}`,
    )
    .join('\n');
}
