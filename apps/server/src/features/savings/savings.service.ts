import type { Savings, SavingsQuery } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { csvLine } from '../../domain/analytics/csv.ts';
import { exportFilename } from '../../domain/analytics/export-filename.ts';
import { aggregate } from '../../domain/analytics/rollup-query.ts';
import { DAY_MS, floorTo, periodFor } from '../../domain/analytics/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { computeSavings, type DayGroup } from './savings-math.ts';

/** GET /v1/savings: successful requests of the period, summed per day and kind from the rollups. */
export async function getSavings(
  deps: AppDeps,
  auth: AuthContext,
  range: SavingsQuery['range'],
): Promise<Savings> {
  const now = deps.clock();
  const window = periodFor(range, now).current;
  const rows = await aggregate(deps.db.kysely, auth.account.id, window, {
    filter: { status: 'success' },
    groupBy: ['is_baseline', 'is_passthrough', 'cache_hit', 'was_routed'],
    bucket: 'day',
  });
  const groups: DayGroup[] = rows.map((r) => ({
    day: r.bucket ?? 0,
    isBaseline: Number(r.is_baseline) === 1,
    isPassthrough: Number(r.is_passthrough) === 1,
    cacheHit: Number(r.cache_hit) === 1,
    wasRouted: Number(r.was_routed) === 1,
    requests: r.requests,
    cost: r.actual_cost,
    costSq: r.actual_cost_sq,
    costSaved: r.cost_saved,
    tokensSaved: r.tokens_saved,
  }));
  const days: number[] = [];
  for (let d = floorTo(window.from, DAY_MS); d <= floorTo(now, DAY_MS); d += DAY_MS) days.push(d);
  // Project from the time the account has actually been sending traffic in this period.
  const firstDay = Math.min(...groups.map((g) => g.day), now);
  const elapsedDays = (now - Math.max(window.from, firstDay)) / DAY_MS;
  return computeSavings(groups, days, elapsedDays);
}

/** The savings report as CSV: one line per day, then the period's total. */
export async function savingsCsv(
  deps: AppDeps,
  auth: AuthContext,
  range: SavingsQuery['range'],
): Promise<{ filename: string; body: string }> {
  const savings = await getSavings(deps, auth, range);
  const lines = [csvLine(['date', 'baseline_cost', 'optimized_cost', 'savings'])];
  for (const d of savings.chart_data) {
    lines.push(csvLine([d.date, d.baseline_cost, d.optimized_cost, d.savings]));
  }
  const s = savings.summary;
  lines.push(
    csvLine([
      'total',
      s.total_cost_without_optimization,
      s.total_cost_with_optimization,
      s.total_savings,
    ]),
  );
  return { filename: exportFilename('savings', deps.clock(), 'csv'), body: lines.join('') };
}
