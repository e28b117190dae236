import type { AlertChannel, AlertHistoryEntry, AlertPeriod, AlertType } from '@tokenwise/contracts';
import { formatCurrency, formatNumber } from '../../lib/format.ts';

export const TYPE_LABELS: Record<AlertType, string> = {
  budget_limit: 'Budget Limit',
  cost_spike: 'Cost Spike',
  error_rate: 'Error Rate',
  token_quota: 'Token Quota',
};

/** Spec section 5: the period choices and their labels. */
export const PERIOD_LABELS: Record<AlertPeriod, string> = {
  '1h': 'Last Hour',
  '1d': 'Last Day',
  '7d': 'Last 7 Days',
  '30d': 'Last 30 Days',
};

/** Spec section 2: the threshold field's placeholder by type. */
export const THRESHOLD_PLACEHOLDERS: Record<AlertType, string> = {
  budget_limit: '100.00',
  cost_spike: '50',
  error_rate: '5',
  token_quota: '1000000',
};

/** What each type compares with its threshold, under the form's threshold field (docs/alerts.md). */
export const THRESHOLD_DESCRIPTIONS: Record<AlertType, string> = {
  budget_limit: 'Dollars spent on provider calls in the period.',
  cost_spike: 'Percent by which spend exceeds the same part of the previous period.',
  error_rate:
    "Percent of the period's requests that failed (0-100); notifies when it reaches this, so 100 means every request failed.",
  token_quota:
    'Tokens counted against the monthly quota, as on the Billing page: prompt tokens of optimized requests (not answers, passthrough or failed calls). Last 30 Days is the calendar month, not the billing month.',
};

/** Dollars with 2 decimals, percent (at most 2 decimals), or a count plus 'tokens' (spec section 2). */
export function formatThreshold(type: AlertType, threshold: number): string {
  switch (type) {
    case 'budget_limit':
      return formatCurrency(threshold);
    case 'cost_spike':
    case 'error_rate':
      // As typed, up to 2 decimals: 33.333333 reads "33.33%", 1500 "1,500%".
      return `${threshold.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
    case 'token_quota':
      return `${formatNumber(threshold)} tokens`;
  }
}

const CHANNEL_WORDS: Record<AlertChannel, string> = { email: 'email', webhook: 'webhook' };

/** Spec section 8: 'Test notification sent for "X"! Check your email and webhook for the test message.' */
export function testSentMessage(name: string, channels: readonly AlertChannel[]): string {
  const joined = channels.map((c) => CHANNEL_WORDS[c]).join(' and ');
  return `Test notification sent for "${name}"! Check your ${joined} for the test message.`;
}

/**
 * The channels of a test that failed while another went out, with the server's reason; null when
 * none did. Without it the screen shows only the success and the owner waits for an email that is
 * not coming.
 */
export function testFailedMessage(
  errors: Partial<Record<AlertChannel, string>> = {},
): string | null {
  const failed = Object.entries(errors).map(
    ([channel, reason]) => `The test ${CHANNEL_WORDS[channel as AlertChannel]} failed: ${reason}`,
  );
  return failed.length ? failed.join('. ') : null;
}

/** History outlives its alert (decision 102): the confirm must not promise otherwise. */
export function deleteConfirmText(name: string): string {
  return `Delete the alert "${name}"? Notifications it already sent stay under Recent Alerts.`;
}

/** "1 alert", "3 alerts". */
export function alertCount(n: number): string {
  return `${n} ${n === 1 ? 'alert' : 'alerts'}`;
}

export interface HistoryBadge {
  label: string;
  color: string;
}

/**
 * A Recent Alerts entry's badges: spec section 2's 'Email Sent', 'Webhook Sent' and 'Email
 * Failed', plus 'Webhook Failed', without which an entry whose only channel (a webhook) failed
 * showed no badge at all and read like a quiet success.
 */
export function historyBadges(
  e: Pick<
    AlertHistoryEntry,
    'kind' | 'email_sent' | 'webhook_sent' | 'email_error' | 'webhook_error'
  >,
): HistoryBadge[] {
  return [
    ...(e.kind === 'forecast' ? [{ label: 'Forecast', color: 'orange' }] : []),
    ...(e.email_sent ? [{ label: 'Email Sent', color: 'green' }] : []),
    ...(e.webhook_sent ? [{ label: 'Webhook Sent', color: 'blue' }] : []),
    ...(e.email_error ? [{ label: 'Email Failed', color: 'red' }] : []),
    ...(e.webhook_error ? [{ label: 'Webhook Failed', color: 'red' }] : []),
  ];
}
