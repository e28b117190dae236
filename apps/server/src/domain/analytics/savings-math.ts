import { MIN_BASELINE_SAMPLES, type Savings } from '@tokenwise/contracts';
import { money, oneDecimal } from '../../domain/analytics/figures.ts';

/** Successful requests of one UTC day and one kind, as the rollups sum them. */
export interface DayGroup {
  day: number;
  isBaseline: boolean;
  isPassthrough: boolean;
  cacheHit: boolean;
  wasRouted: boolean;
  requests: number;
  cost: number;
  costSq: number;
  costSaved: number;
  tokensSaved: number;
}

/** Two-sided 95% quantile of the normal distribution. */
const Z_95 = 1.959964;
const PROJECTION_DAYS = 30;

type Stage = 'cache' | 'routing' | 'compression';
/** A cache hit saves the whole call; a routed request's saving is the cheaper model; the rest is the shorter prompt. */
const stageOf = (g: DayGroup): Stage =>
  g.cacheHit ? 'cache' : g.wasRouted ? 'routing' : 'compression';

interface Tally {
  n: number;
  cost: number;
  saved: number;
}
const tally = (): Tally => ({ n: 0, cost: 0, saved: 0 });

/**
 * The /savings figures from per-day groups. Optimized requests are the successful ones neither in
 * the baseline sample nor passed through over quota.
 * - With at least MIN_BASELINE_SAMPLES baseline requests: each optimized request would have cost
 *   the baseline's mean cost b, so savings = n_opt * b - cost_opt, with a 95% interval from the
 *   baseline costs' variance: n_opt * z * s / sqrt(n_base).
 * - Otherwise: the sum of the per-request counterfactual (cost_saved) computed when logged.
 * `days` are the UTC days to chart (oldest first); `elapsedDays` scales the 30-day projection.
 */
export function computeSavings(groups: DayGroup[], days: number[], elapsedDays: number): Savings {
  const base = { n: 0, sum: 0, sumSq: 0 };
  const all = tally();
  const byDay = new Map<number, Tally>();
  const byStage: Record<Stage, Tally> = {
    cache: tally(),
    routing: tally(),
    compression: tally(),
  };
  let tokensSaved = 0;
  for (const g of groups) {
    if (g.isBaseline) {
      base.n += g.requests;
      base.sum += g.cost;
      base.sumSq += g.costSq;
      continue;
    }
    if (g.isPassthrough) continue;
    const day = byDay.get(g.day) ?? tally();
    byDay.set(g.day, day);
    for (const t of [all, day, byStage[stageOf(g)]]) {
      t.n += g.requests;
      t.cost += g.cost;
      t.saved += g.costSaved;
    }
    tokensSaved += g.tokensSaved;
  }

  const useBaseline = base.n >= MIN_BASELINE_SAMPLES;
  const perRequest = useBaseline ? base.sum / base.n : 0;
  // What a set of optimized requests would have cost without optimization.
  const without = (t: Tally) => (useBaseline ? t.n * perRequest : t.cost + t.saved);
  const totalWithout = without(all);
  const totalSavings = totalWithout - all.cost;
  let interval: [number, number] | null = null;
  if (useBaseline) {
    const variance = Math.max(0, (base.sumSq - (base.sum * base.sum) / base.n) / (base.n - 1));
    const half = all.n * Z_95 * Math.sqrt(variance / base.n);
    interval = [money(totalSavings - half), money(totalSavings + half)];
  }
  const perDay = Math.max(1, elapsedDays);
  return {
    summary: {
      total_savings: money(totalSavings),
      savings_percentage: totalWithout > 0 ? oneDecimal((totalSavings / totalWithout) * 100) : 0,
      total_cost_without_optimization: money(totalWithout),
      total_cost_with_optimization: money(all.cost),
      // Fractional when a period's first hour is a share of its rollup (past the retention
      // cut-off, `segmentsOf`): whole requests and tokens are shown.
      baseline_samples: Math.round(base.n),
      optimized_samples: Math.round(all.n),
      tokens_saved: Math.round(tokensSaved),
      confidence_interval: interval,
      method: useBaseline ? 'baseline' : 'counterfactual',
      by_stage: {
        cache: money(without(byStage.cache) - byStage.cache.cost),
        compression: money(without(byStage.compression) - byStage.compression.cost),
        routing: money(without(byStage.routing) - byStage.routing.cost),
      },
    },
    chart_data: days.map((d) => {
      const t = byDay.get(d) ?? tally();
      return {
        date: new Date(d).toISOString().slice(0, 10),
        baseline_cost: money(without(t)),
        optimized_cost: money(t.cost),
        savings: money(without(t) - t.cost),
      };
    }),
    projection: {
      daily_avg_cost: money(all.cost / perDay),
      daily_avg_savings: money(totalSavings / perDay),
      monthly_baseline_cost: money((totalWithout / perDay) * PROJECTION_DAYS),
      monthly_projected_cost: money((all.cost / perDay) * PROJECTION_DAYS),
      monthly_projected_savings: money((totalSavings / perDay) * PROJECTION_DAYS),
    },
  };
}
