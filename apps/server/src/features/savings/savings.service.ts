import type { Savings, SavingsQuery } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { csvLine } from '../../domain/analytics/csv.ts';
import { exportFilename } from '../../domain/analytics/export-filename.ts';
import { savingsOver } from '../../domain/analytics/savings-figures.ts';
import { periodFor } from '../../domain/analytics/time-range.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/** GET /v1/savings: the analytics period of that name (docs/metrics.md). */
export async function getSavings(
  deps: AppDeps,
  auth: AuthContext,
  range: SavingsQuery['range'],
): Promise<Savings> {
  const now = deps.clock();
  const window = periodFor(range, now).current;
  const rawFrom = retainedFrom(deps.config.logRetentionDays, now);
  return savingsOver(deps.db.kysely, auth.account.id, window, now, rawFrom);
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
