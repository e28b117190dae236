import { z } from 'zod';
import { optionalChoice, pageLimit } from './analytics.ts';
import { PageOffset } from './common.ts';

export const Feedback = z.enum(['positive', 'negative']);
export const Eval = z.object({
  id: z.string(),
  created_at: z.string(),
  model: z.string(),
  tokens_used: z.number(),
  prompt: z.string(),
  response: z.string(),
  feedback: Feedback.nullable(),
  comment: z.string().nullable().optional(),
  /** A thumbs-down on a cached answer stops that cache entry being served. */
  cache_hit: z.boolean().optional(),
});
export type Eval = z.infer<typeof Eval>;
/**
 * GET /v1/evals answers one page as a plain array, newest first; `X-Total-Count` is the total,
 * counted up to 1,000 rows past the page's start: beyond, it is that floor and
 * `X-Total-Count-Capped: true` is sent.
 */
export const EvalList = z.array(Eval);

export const EVALS_PAGE_SIZE = 50;
export const EvalsQuery = z.object({
  /**
   * Omitted for all (the screen leaves it out), though `all` says the same; pending = not yet
   * rated.
   */
  filter: optionalChoice(
    z.enum(['all', 'positive', 'negative', 'pending'], {
      error: 'filter must be one of all, positive, negative, pending',
    }),
  ).transform((filter) => (filter === 'all' ? undefined : filter)),
  limit: pageLimit(200).default(EVALS_PAGE_SIZE),
  offset: PageOffset,
});
export type EvalsQuery = z.infer<typeof EvalsQuery>;
export const EvalStats = z.object({
  total_evals: z.number(),
  thumbs_up: z.number(),
  thumbs_down: z.number(),
  satisfaction_rate: z.number(),
});
export type EvalStats = z.infer<typeof EvalStats>;
export const FeedbackRequest = z.object({
  request_id: z.string().min(1).max(100),
  feedback: Feedback,
  /** Optional: omitted, null or blank all mean no comment (and clear an earlier one). */
  comment: z.string().trim().max(2000).nullable().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackResponse = z.object({
  request_id: z.string(),
  feedback: Feedback,
  comment: z.string().nullable(),
  /** True when the vote was a thumbs-down on a cache hit and that cache entry was demoted. */
  cache_entry_demoted: z.boolean(),
});
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;
