import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasChartedCosts } from './chart-days.ts';

const day = (date: string, baseline_cost: number, optimized_cost: number) => ({
  date,
  baseline_cost,
  optimized_cost,
  savings: baseline_cost - optimized_cost,
});

test('a period without optimized requests has nothing to chart, though every day is listed', () => {
  assert.equal(hasChartedCosts([day('2026-11-19', 0, 0), day('2026-11-20', 0, 0)]), false);
  assert.equal(hasChartedCosts([]), false);
});

test('any day with a cost, or with what a request would have cost, is charted', () => {
  assert.equal(hasChartedCosts([day('2026-11-19', 0, 0), day('2026-11-20', 0.02, 0.01)]), true);
  // A cache hit costs nothing: what it would have cost is still a figure to chart.
  assert.equal(hasChartedCosts([day('2026-11-20', 0.02, 0)]), true);
});
