import type { Selectable } from 'kysely';

export type SubscriptionTier = 'paid' | 'enterprise';
/**
 * trialing and active count as an active subscription; the rest do not. The closed ones are
 * Stripe's, kept apart because each asks the owner for something else: past_due (the card is being
 * retried), unpaid (the retries ran out), incomplete (the first payment never went through),
 * paused (a trial ended without a payment method).
 */
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'incomplete'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'canceled';

export interface SubscriptionsTable {
  id: string;
  account_id: string;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  /** local or stripe: which BillingProvider owns this row. */
  provider: string;
  external_customer_id: string | null;
  external_subscription_id: string | null;
  monthly_fee: number;
  monthly_token_quota: number;
  savings_percentage: number;
  trial_ends_at: number | null;
  current_period_start: number;
  current_period_end: number;
  /** When the provider ends a subscription that will not renew (epoch ms); null while it renews. */
  cancel_at: number | null;
  created_at: number;
  updated_at: number;
}
export type SubscriptionRow = Selectable<SubscriptionsTable>;

export interface UsagePeriodsTable {
  account_id: string;
  period_start: number;
  period_end: number;
  total_requests: number;
  optimized_requests: number;
  passthrough_requests: number;
  total_original_tokens: number;
  total_optimized_tokens: number;
  total_tokens_saved: number;
  total_cost_saved: number;
}
export type UsagePeriodRow = Selectable<UsagePeriodsTable>;

/** A payment-provider webhook event, kept so a redelivery or a late older event changes nothing. */
export interface BillingEventsTable {
  /** The provider's event id. */
  id: string;
  type: string;
  /** The provider's subscription id the event is about, when it names one. */
  object_id: string | null;
  /** When the provider says the event happened (epoch ms). */
  occurred_at: number;
  /** The subscription status the event carried, for ordering events of the same instant. */
  status: SubscriptionStatus | null;
  /** 1 when it changed the subscription, 0 when it was older than what was applied already. */
  applied: number;
  received_at: number;
}
export type BillingEventRow = Selectable<BillingEventsTable>;
