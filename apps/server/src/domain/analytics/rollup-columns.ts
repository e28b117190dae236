import { type RawBuilder, sql } from 'kysely';

/**
 * The rollup tables' shape in one place: what a row is keyed by and what it adds up. The writer,
 * the reader and the rebuild all use these lists; the migration keeps its own copy on purpose, as
 * migrations must not change when the code does.
 *
 * ROLLUP_GROUP_COLUMNS are what a read may group by: every key but the account, which scopes
 * every read.
 */
export const ROLLUP_GROUP_COLUMNS = [
  'provider',
  'model',
  'status',
  'cache_hit',
  'is_baseline',
  'is_passthrough',
  'was_routed',
] as const;

export const ROLLUP_DIMENSIONS = ['account_id', ...ROLLUP_GROUP_COLUMNS] as const;

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

/**
 * What one request_logs row adds to each sum: the rebuild adds these up per bucket, and a window's
 * raw tail reads them row by row before summing with the rollups.
 */
export const RAW_ROW_SUMS: Record<(typeof ROLLUP_SUMS)[number], RawBuilder<number>> = {
  requests: sql<number>`1`,
  tokens_in: sql<number>`tokens_in`,
  tokens_out: sql<number>`tokens_out`,
  tokens_saved: sql<number>`tokens_saved`,
  actual_cost: sql<number>`actual_cost`,
  actual_cost_sq: sql<number>`actual_cost * actual_cost`,
  cost_saved: sql<number>`cost_saved`,
  latency_ms_sum: sql<number>`latency_ms`,
};
