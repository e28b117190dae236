import type { Selectable } from 'kysely';

/**
 * Request-log totals per account, time bucket and every dimension the dashboard filters or splits
 * by. Two tables share this shape: analytics_hourly (bucket = UTC hour) and analytics_daily
 * (bucket = UTC day). The request-log writer adds each batch to both in its transaction, so the
 * dashboard reads a few thousand rollup rows instead of millions of raw ones.
 */
export interface AnalyticsRollupTable {
  account_id: string;
  /** Epoch ms of the bucket's start (UTC hour or UTC day). */
  bucket_start: number;
  provider: string;
  model: string;
  status: 'success' | 'error';
  cache_hit: number;
  is_baseline: number;
  is_passthrough: number;
  was_routed: number;
  requests: number;
  tokens_in: number;
  tokens_out: number;
  tokens_saved: number;
  actual_cost: number;
  /** Σ actual_cost²: with the sum and count it gives the variance behind the savings interval. */
  actual_cost_sq: number;
  cost_saved: number;
  latency_ms_sum: number;
}
export type AnalyticsRollupRow = Selectable<AnalyticsRollupTable>;

/** One thumbs vote per request; voting again replaces it. */
export interface EvalFeedbackTable {
  request_id: string;
  account_id: string;
  feedback: 'positive' | 'negative';
  comment: string | null;
  voted_by: string | null;
  created_at: number;
  updated_at: number;
}
export type EvalFeedbackRow = Selectable<EvalFeedbackTable>;
