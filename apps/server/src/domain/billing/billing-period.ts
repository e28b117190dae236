import type { SubscriptionRow } from '@tokenwise/db';

export interface Period {
  start: number;
  end: number;
}

/** Adds calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/**
 * The billing period that contains `now`. Stored periods are current for external providers;
 * a local subscription rolls forward month by month from its stored period without a write.
 */
export function currentPeriod(sub: SubscriptionRow, now: number): Period {
  let start = sub.current_period_start;
  let end = sub.current_period_end;
  if (sub.provider !== 'local') return { start, end };
  let months = 0;
  const anchor = end;
  while (end <= now) {
    start = end;
    months += 1;
    end = addMonths(anchor, months);
  }
  return { start, end };
}

/**
 * A local trial that has ended has become a paid month; a subscription cancelled for a date that
 * has come has ended then, whether or not the provider's word of it has arrived.
 */
export function effectiveStatus(sub: SubscriptionRow, now: number): SubscriptionRow['status'] {
  const live = sub.status === 'trialing' || sub.status === 'active';
  if (live && sub.cancel_at !== null && sub.cancel_at <= now) return 'canceled';
  if (
    sub.provider === 'local' &&
    sub.status === 'trialing' &&
    sub.trial_ends_at !== null &&
    sub.trial_ends_at <= now
  ) {
    return 'active';
  }
  return sub.status;
}
