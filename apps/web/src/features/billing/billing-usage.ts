import type { Subscription, Usage } from '@tokenwise/contracts';
import { quotaShare } from '../../lib/format.ts';

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
  // The level follows the figure shown, which is rounded down: both cross 80 and 100 together.
  const percent = quota > 0 ? quotaShare((used / quota) * 100) : 0;
  const level: QuotaLevel =
    percent >= QUOTA_EXCEEDED_PERCENT
      ? 'exceeded'
      : percent >= QUOTA_WARNING_PERCENT
        ? 'warning'
        : 'normal';
  return { used, quota, percent, level };
}
