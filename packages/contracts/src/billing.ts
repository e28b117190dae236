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
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']),
  monthly_fee: z.number(),
  monthly_token_quota: z.number(),
  savings_percentage: z.number(),
  is_active: z.boolean(),
  trial_ends_at: z.string().nullable(),
  current_period_start: z.string(),
  current_period_end: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Usage = z.object({
  period_start: z.string(),
  period_end: z.string(),
  total_requests: z.number(),
  optimized_requests: z.number(),
  passthrough_requests: z.number(),
  total_original_tokens: z.number(),
  total_optimized_tokens: z.number(),
  total_tokens_saved: z.number(),
  total_cost_saved: z.number(),
});
export type Usage = z.infer<typeof Usage>;

/** GET /v1/billing/subscription: what the /billing screen needs in one call. */
export const BillingOverview = z.object({
  subscription: Subscription.nullable(),
  usage: Usage.nullable(),
});
export type BillingOverview = z.infer<typeof BillingOverview>;
