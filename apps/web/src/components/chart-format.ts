import { formatCurrency } from '../lib/format.ts';

// Day buckets are UTC calendar days (the server's rollups), so they are labelled in UTC: read in
// the viewer's zone, a viewer west of Greenwich would see every bar labelled with the day before.
// Hour buckets are labelled in the viewer's zone, where "2 PM" means what they expect.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const hourFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
});

export type ChartBucket = 'hour' | 'day';

/** An x-axis label for a bucket starting at `date`: "Mar 5" for a day, "Mar 5, 2 PM" for an hour. */
export function chartBucketLabel(date: string, bucket: ChartBucket): string {
  // Only ISO forms are parsed: Date() guesses at anything else ("week 12" becomes a December day).
  if (!/^\d{4}-\d{2}-\d{2}($|[T ]\d{2}:\d{2})/.test(date)) return date;
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(parsed.getTime())) return date;
  return (bucket === 'day' ? dayFormat : hourFormat).format(parsed);
}

/**
 * A dollar formatter for a chart's axis and tooltip: cents when the largest value is a dollar or
 * more, else 4 decimals, so a chart of fractions of a cent does not read "$0.00" on every tick.
 */
export function chartCurrencyFormatter(values: readonly number[]): (value: number) => string {
  const decimals = Math.max(0, ...values.map(Math.abs)) >= 1 ? 2 : 4;
  return (value) => formatCurrency(value, decimals);
}
