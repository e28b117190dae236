import { MIN_BASELINE_SAMPLES, type Savings } from '@tokenwise/contracts';
import { formatCurrency, formatNumber } from '../../lib/format.ts';

type Method = Pick<Savings['summary'], 'baseline_samples' | 'method' | 'confidence_interval'>;

/**
 * The line under Total Savings: the 95% interval when it was measured against the A/B sample,
 * else how it was estimated. A sample too small to measure against (the server needs
 * MIN_BASELINE_SAMPLES) is named with its size, as the Samples card beside it shows one.
 */
export function totalSavingsNote(summary: Method): string {
  const interval = summary.confidence_interval;
  if (interval) return `95% CI ${formatCurrency(interval[0])} – ${formatCurrency(interval[1])}`;
  if (summary.method === 'baseline') return 'Measured against the A/B baseline sample';
  const n = summary.baseline_samples;
  if (n <= 0) return 'Estimated per request (no A/B baseline sample yet)';
  return `Estimated per request: ${formatNumber(n)} baseline request${n === 1 ? '' : 's'} so far, ${MIN_BASELINE_SAMPLES} are needed to measure against`;
}
