import type { Subscription, Usage } from '@tokenwise/contracts';

export type QuotaLevel = 'normal' | 'warning' | 'exceeded';

/** The bar turns yellow from here (spec section 4). */
export const QUOTA_WARNING_PERCENT = 80;
/** From here requests pass through unoptimized. */
export const QUOTA_EXCEEDED_PERCENT = 100;

export interface QuotaUsage {
  used: number;
  quota: number;
  percent: number;
  level: QuotaLevel;
}

/** Optimized tokens this period against the plan's monthly quota. */
export function quotaUsage(usage: Usage, subscription: Subscription): QuotaUsage {
  const used = usage.total_optimized_tokens;
  const quota = subscription.monthly_token_quota;
  const percent = quota > 0 ? (used / quota) * 100 : 0;
  const level: QuotaLevel =
    percent >= QUOTA_EXCEEDED_PERCENT
      ? 'exceeded'
      : percent >= QUOTA_WARNING_PERCENT
        ? 'warning'
        : 'normal';
  return { used, quota, percent, level };
}

/** Share of the original tokens that optimization removed, in percent; 0 before any traffic. */
export function savingsPercent(usage: Usage): number {
  return usage.total_original_tokens > 0
    ? (usage.total_tokens_saved / usage.total_original_tokens) * 100
    : 0;
}

/** Enterprise accounts pay a share of what they saved (spec section 9). */
export function estimatedBill(usage: Usage, subscription: Subscription): number {
  return (usage.total_cost_saved * subscription.savings_percentage) / 100;
}
