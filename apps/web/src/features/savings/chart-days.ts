import type { Savings } from '@tokenwise/contracts';

/**
 * Whether the per-day chart has anything to draw. The server lists every day of the period, quiet
 * ones as zeros, so an empty period is all zeros rather than no days: three flat lines at $0 say
 * less than a sentence. A day counts when its requests cost something or would have.
 */
export function hasChartedCosts(days: Savings['chart_data']): boolean {
  return days.some((d) => d.baseline_cost !== 0 || d.optimized_cost !== 0 || d.savings !== 0);
}
