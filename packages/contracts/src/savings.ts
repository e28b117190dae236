import { z } from 'zod';

export const SAVINGS_RANGES = ['7d', '30d', '90d'] as const;
/**
 * Below this many A/B baseline requests in a period their mean cost is too noisy to measure
 * against: /v1/savings then uses the per-request estimates (`method: 'counterfactual'`).
 */
export const MIN_BASELINE_SAMPLES = 10;
export const SavingsQuery = z.object({
  range: z.enum(SAVINGS_RANGES, { error: 'range must be one of 7d, 30d, 90d' }).default('30d'),
});
export type SavingsQuery = z.infer<typeof SavingsQuery>;

export const Savings = z.object({
  summary: z.object({
    total_savings: z.number(),
    savings_percentage: z.number(),
    total_cost_without_optimization: z.number(),
    total_cost_with_optimization: z.number(),
    baseline_samples: z.number(),
    optimized_samples: z.number(),
    tokens_saved: z.number(),
    /** 95% interval of total_savings when measured against an A/B baseline sample, else null. */
    confidence_interval: z.tuple([z.number(), z.number()]).nullable().optional(),
    /** baseline: against the A/B sample's cost per request; counterfactual: per-request estimates. */
    method: z.enum(['baseline', 'counterfactual']).optional(),
    by_stage: z
      .object({ cache: z.number(), compression: z.number(), routing: z.number() })
      .optional(),
  }),
  chart_data: z.array(
    z.object({
      date: z.string(),
      baseline_cost: z.number(),
      optimized_cost: z.number(),
      savings: z.number(),
    }),
  ),
  projection: z.object({
    daily_avg_cost: z.number(),
    daily_avg_savings: z.number(),
    monthly_baseline_cost: z.number(),
    monthly_projected_cost: z.number(),
    monthly_projected_savings: z.number(),
  }),
});
export type Savings = z.infer<typeof Savings>;
