import { z } from 'zod';
import { Provider } from './keys.ts';
import { CACHE_LAYERS } from './semantic-cache.ts';

export const TIME_RANGES = ['24h', '7d', '30d', '90d', 'all'] as const;
export const TimeRange = z.enum(TIME_RANGES, {
  error: 'time_range must be one of 24h, 7d, 30d, 90d, all',
});
export type TimeRange = z.infer<typeof TimeRange>;
export const ANALYTICS_PAGE_SIZE = 25;
/** The longest model or search text the request filters take (after trimming). */
export const FILTER_TEXT_MAX_CHARS = 200;

/** A page size from a query string ("25") or JSON (25), 1 to max, with one readable message. */
export function pageLimit(max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z
    .union([z.number(), z.string()], { error: message })
    .refine((v) => /^\d{1,6}$/.test(String(v)), message)
    .transform(Number)
    .pipe(z.number().min(1, message).max(max, message));
}

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'compare must be true or false' })
  .transform((v) => v === true || v === 'true');

/**
 * A filter chosen from a list, where '' (a cleared filter sent as `provider=`, as axios writes an
 * empty field) means no filter, as an empty model or search text does. The list's own message
 * still answers any other value.
 */
export function optionalChoice<T extends z.ZodType<string, string>>(choice: T) {
  // A pipe, not a union: a union words its branches' issues without the field's name.
  return z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(choice.optional());
}

export const AnalyticsQuery = z.object({
  time_range: TimeRange.default('30d'),
  compare: booleanFlag.default(true),
  cursor: z.string().max(200).optional(),
  limit: pageLimit(100).default(ANALYTICS_PAGE_SIZE),
  provider: optionalChoice(Provider),
  model: z.string().trim().max(FILTER_TEXT_MAX_CHARS).optional(),
  cache_status: optionalChoice(z.enum(['hit', 'miss'])),
  status: optionalChoice(z.enum(['success', 'error'])),
  search: z.string().trim().max(FILTER_TEXT_MAX_CHARS).optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;
/** The query as a caller writes it (numbers and flags as values, defaults left out). */
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuery>;

/** Breakdowns take only the period. */
export const AnalyticsRangeQuery = AnalyticsQuery.pick({ time_range: true });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuery>;

/** Exports take the period and, optionally, the same filters as the recent-requests table. */
export const AnalyticsExportQuery = AnalyticsQuery.pick({
  time_range: true,
  provider: true,
  model: true,
  cache_status: true,
  status: true,
  search: true,
});
export type AnalyticsExportQuery = z.infer<typeof AnalyticsExportQuery>;
export type AnalyticsExportQueryInput = z.input<typeof AnalyticsExportQuery>;

export const AnalyticsStats = z.object({
  total_requests: z.number(),
  tokens_saved: z.number(),
  cost_savings: z.number(),
  avg_latency_ms: z.number(),
});
export const AnalyticsComparison = z.object({
  total_requests_change: z.number().nullable(),
  tokens_saved_change: z.number().nullable(),
  cost_savings_change: z.number().nullable(),
  avg_latency_change: z.number().nullable(),
});
export const RecentRequest = z.object({
  id: z.string(),
  provider: z.string(),
  model: z.string(),
  tokens: z.number(),
  saved: z.number(),
  latency_ms: z.number(),
  time: z.string(),
  cache_hit: z.boolean(),
  status: z.enum(['success', 'error']),
  original_text: z.string().nullable(),
  optimized_text: z.string().nullable(),
});
export type RecentRequest = z.infer<typeof RecentRequest>;

export const AnalyticsChartPoint = z.object({
  /** ISO time of the bucket's start. */
  date: z.string(),
  requests: z.number(),
  cost_savings: z.number(),
});
export type AnalyticsChartPoint = z.infer<typeof AnalyticsChartPoint>;

export const AnalyticsResponse = z.object({
  stats: AnalyticsStats,
  comparison: AnalyticsComparison.nullable(),
  recent_requests: z.array(RecentRequest),
  pagination: z.object({
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
    total_count: z.number(),
    /** True when a text search matched more rows than it counts: total_count is then a floor ("1,000+"). */
    total_count_capped: z.boolean().optional(),
    /**
     * Days request rows are kept (0: forever). The list and total_count start no earlier than that
     * many days ago (rounded down to the hour), while stats and the chart cover the whole period.
     */
    retention_days: z.number().optional(),
  }),
  /** Requests and cost savings per hour (24h) or per UTC day (longer periods), oldest first. */
  chart: z.array(AnalyticsChartPoint).optional(),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;

const Breakdown = {
  requests: z.number(),
  tokens_saved: z.number(),
  cost_savings: z.number(),
  avg_latency_ms: z.number(),
};
export const ModelBreakdown = z.object({
  models: z.array(z.object({ model: z.string(), ...Breakdown })),
});
export type ModelBreakdown = z.infer<typeof ModelBreakdown>;
export const ProviderBreakdown = z.object({
  providers: z.array(z.object({ provider: z.string(), ...Breakdown })),
});
export type ProviderBreakdown = z.infer<typeof ProviderBreakdown>;

/** The kinds of personal data the PII stage replaces (mirrors @tokenwise/pii, checked at the write). */
export const PII_KINDS = ['email', 'phone', 'ssn', 'credit_card', 'ip_address', 'secret'] as const;

/**
 * What the gateway's stages noted about one request (the request log's `details` column). Every
 * key belongs to one stage and is present only when that stage had something to say.
 */
export const RequestStageDetails = z.object({
  /** Routing: why the prompt was classed simple, medium or complex, in the router's order. */
  difficulty_reasons: z.array(z.string()).optional(),
  /** Cache, on a hit: the entry that answered, how close the prompt was (0-1), which lookup found it. */
  cache_entry_id: z.string().optional(),
  cache_similarity: z.number().optional(),
  cache_layer: z.enum(CACHE_LAYERS).optional(),
  /** Present (true) only when the pair verifier admitted the hit below the threshold (decision 043). */
  cache_verified: z.literal(true).optional(),
  /** PII redaction: how many values of each kind were replaced before the prompt left. */
  pii_redacted: z.partialRecord(z.enum(PII_KINDS), z.number()).optional(),
  /** Optimisations left out for this request and why (a prompt too long to read in time). */
  optimizations_skipped: z.array(z.string()).optional(),
  /** Token counts beyond the exact-count bound are estimated (see docs/decisions/010). */
  tokens_estimated: z.boolean().optional(),
  /**
   * The model that answered has no listed price (newer than the gateway's price list): its cost
   * and savings are logged as 0, not known to be 0 (decision 146).
   */
  price_unknown: z.literal(true).optional(),
  /**
   * Web searches the provider ran for the answer, asked with `web_search_options`: Claude's web
   * search tool, billed per search and counted in the row's cost (decision 182); Gemini's Google
   * Search queries, not in the cost, as the price list has no price for them (decision 184).
   */
  web_searches: z.number().int().positive().optional(),
});
export type RequestStageDetails = z.infer<typeof RequestStageDetails>;

export const RequestDetail = z.object({
  id: z.string(),
  status: z.enum(['success', 'error']),
  cache_hit: z.boolean(),
  provider: z.string(),
  model: z.string(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  tokens_saved: z.number(),
  cost_saved: z.number(),
  actual_cost: z.number(),
  latency_ms: z.number(),
  created_at: z.string(),
  optimization_level: z.string().nullable(),
  difficulty: z.string().nullable(),
  /**
   * N when routing would not use the difficulty and this request was not the one in N scored
   * (decision 051): it is unscored, not unscorable.
   */
  difficulty_not_sampled: z.number().nullable().optional(),
  was_routed: z.boolean(),
  requested_model: z.string().nullable(),
  routed_model: z.string().nullable(),
  original_text: z.string().nullable(),
  optimized_text: z.string().nullable(),
  error_message: z.string().nullable().optional(),
  details: RequestStageDetails.nullable().optional(),
});
export type RequestDetail = z.infer<typeof RequestDetail>;
