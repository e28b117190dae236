import { formatPercent, quotaShare } from '../../lib/format.ts';

/** Above these the admin usage bar turns yellow, then red (spec sections 2 and 9). */
export const USAGE_WARNING_PERCENT = 75;
export const USAGE_DANGER_PERCENT = 90;

export type UsageBarColor = 'green' | 'yellow' | 'red';

export function usageBarColor(percent: number): UsageBarColor {
  if (percent > USAGE_DANGER_PERCENT) return 'red';
  if (percent > USAGE_WARNING_PERCENT) return 'yellow';
  return 'green';
}

/** How much of the bar is filled: an account past its quota fills it, and no more. */
export function usageBarWidth(percent: number): number {
  return Math.min(Math.max(percent, 0), 100);
}

/**
 * The quota share as shown, with 1 decimal and rounded down (decision 088); the bar's colour and
 * width are taken from this figure, so "75.0%" is never drawn yellow. Null without a quota.
 */
export function shownQuotaPercent(percent: number | null): number | null {
  return percent === null ? null : quotaShare(percent);
}

/** The quota share with 1 decimal; without a quota (no subscription) there is none to show. */
export function formatQuotaPercent(percent: number | null): string {
  const shown = shownQuotaPercent(percent);
  return shown === null ? 'No quota' : formatPercent(shown, 1);
}
