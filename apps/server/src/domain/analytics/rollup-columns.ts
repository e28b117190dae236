/**
 * The rollup tables' shape in one place: what a row is keyed by and what it adds up. The writer,
 * the reader and the rebuild all use these lists; the migration keeps its own copy on purpose, as
 * migrations must not change when the code does.
 */
export const ROLLUP_DIMENSIONS = [
  'account_id',
  'provider',
  'model',
  'status',
  'cache_hit',
  'is_baseline',
  'is_passthrough',
  'was_routed',
] as const;

export const ROLLUP_SUMS = [
  'requests',
  'tokens_in',
  'tokens_out',
  'tokens_saved',
  'actual_cost',
  'actual_cost_sq',
  'cost_saved',
  'latency_ms_sum',
] as const;
