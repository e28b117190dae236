import type { GuardCost, ThresholdMetrics } from './metrics.ts';
import type { ReplayResult } from './replay.ts';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

export function formatThresholds(title: string, rows: ThresholdMetrics[]): string {
  const lines = [
    title,
    'threshold  correct  false  misses  precision  recall  false-hit share  recall light/reworded',
  ];
  for (const m of rows) {
    lines.push(
      [
        m.threshold.toFixed(2).padEnd(9),
        String(m.correctHits).padStart(7),
        String(m.falseHits).padStart(6),
        String(m.misses).padStart(7),
        pct(m.precision).padStart(10),
        pct(m.recall).padStart(7),
        pct(m.falseHitShare).padStart(16),
        `${pct(m.recallByVariant.light ?? 0)} / ${pct(m.recallByVariant.reworded ?? 0)}`.padStart(
          22,
        ),
      ].join('  '),
    );
  }
  return lines.join('\n');
}

export function formatGuardCosts(costs: GuardCost[]): string {
  const lines = [
    'guard            threshold  recall on  recall off  hits lost  false hits prevented',
  ];
  for (const c of costs) {
    lines.push(
      [
        c.guard.padEnd(15),
        c.threshold.toFixed(2).padStart(9),
        pct(c.recallWithGuard).padStart(9),
        pct(c.recallWithoutGuard).padStart(10),
        String(c.hitsLost).padStart(9),
        String(c.falseHitsPrevented).padStart(20),
      ].join('  '),
    );
  }
  return lines.join('\n');
}

export function formatReplay(r: ReplayResult): string {
  return `replay at ${r.threshold}: ${r.cachedPrompts} cached prompts in one cache, ${r.queries} lookups → ${r.correctHits} correct hits, ${r.falseHits} false hits (${pct(r.falseHitShare)} of hits), ${r.misses} missed paraphrases`;
}
