import { z } from 'zod';

export const PAID_TIER = {
  monthly_fee: 89,
  monthly_token_quota: 30_000_000,
  savings_percentage: 25,
  trial_days: 14,
} as const;

export const CheckoutRequest = z.object({ tier: z.literal('paid') });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** The account a billing read is about (it must be the caller's, or the caller a superadmin). */
export const AccountIdParams = z.object({ accountId: z.string().min(1).max(100) });

export const RedirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponse>;

export const Subscription = z.object({
  tier: z.enum(['paid', 'enterprise']),
  /** Only trialing and active open the app; see is_active. */
  status: z.enum(['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'paused', 'canceled']),
  monthly_fee: z.number(),
  monthly_token_quota: z.number(),
  savings_percentage: z.number(),
  is_active: z.boolean(),
  trial_ends_at: z.string().nullable(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  /**
   * When a subscription that will not renew ends (cancelled in the payment provider's portal, kept
   * to the end of the paid period); null while it renews. Nothing is billed after it.
   */
  cancel_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * The billing period's figures (docs/metrics.md): total = optimized + passthrough + failed; the
 * tokens and cost are the same sums the dashboard and /savings show for the same window.
 */
export const Usage = z.object({
  period_start: z.string(),
  period_end: z.string(),
  total_requests: z.number(),
  optimized_requests: z.number(),
  /** Sent unoptimized: over the quota, or drawn for the A/B baseline sample. */
  passthrough_requests: z.number(),
  failed_requests: z.number(),
  /** Optimized tokens + tokens saved: what the optimized requests would have used. */
  total_original_tokens: z.number(),
  /** Prompt tokens sent to providers on optimized requests: what the monthly quota counts. */
  total_optimized_tokens: z.number(),
  total_tokens_saved: z.number(),
  /** The /savings screen's total savings, over the billing period. */
  total_cost_saved: z.number(),
  /** The /savings screen's savings percentage, over the billing period. */
  savings_percentage: z.number(),
  /** Enterprise: total_cost_saved × the plan's share of savings; null on the paid tier. */
  estimated_bill: z.number().nullable(),
});
export type Usage = z.infer<typeof Usage>;

/** GET /v1/billing/subscription: what the /billing screen needs in one call. */
export const BillingOverview = z.object({
  subscription: Subscription.nullable(),
  usage: Usage.nullable(),
});
export type BillingOverview = z.infer<typeof BillingOverview>;
