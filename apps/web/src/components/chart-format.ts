import { formatCurrency } from '../lib/format.ts';

// Day buckets are UTC calendar days (the server's rollups), so they are labelled in UTC: read in
// the viewer's zone, a viewer west of Greenwich would see every bar labelled with the day before.
// Hour buckets are labelled in the viewer's zone, where "2 PM" means what they expect; in a zone
// off UTC by a part of an hour (India, +5:30) a bucket starts at "1:30 PM", and "1 PM" would name
// the wrong hour, so the minutes show when they are not zero.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const hourFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function hourLabel(date: Date, timeZone: string | undefined): string {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    hourFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const minute = parts.findIndex((p) => p.type === 'minute');
  if (parts[minute]?.value === '00') parts.splice(minute - 1, 2);
  // Newer ICU puts a narrow no-break space before AM/PM; labels keep the plain one.
  return parts.map((p) => p.value.replace(/\u202f/g, ' ')).join('');
}

export type ChartBucket = 'hour' | 'day';

/**
 * An x-axis label for a bucket starting at `date`: "Mar 5" for a day, "Mar 5, 2 PM" for an hour.
 * `timeZone` is the viewer's by default.
 */
export function chartBucketLabel(date: string, bucket: ChartBucket, timeZone?: string): string {
  // Only ISO forms are parsed: Date() guesses at anything else ("week 12" becomes a December day).
  if (!/^\d{4}-\d{2}-\d{2}($|[T ]\d{2}:\d{2})/.test(date)) return date;
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(parsed.getTime())) return date;
  return bucket === 'day' ? dayFormat.format(parsed) : hourLabel(parsed, timeZone);
}

/**
 * A dollar formatter for a chart's axis and tooltip: cents when the largest value is a dollar or
 * more, else 4 decimals, so a chart of fractions of a cent does not read "$0.00" on every tick.
 */
export function chartCurrencyFormatter(values: readonly number[]): (value: number) => string {
  const decimals = currencyDecimals(values);
  return (value) => formatCurrency(value, decimals);
}

/**
 * The same dollars for an axis's ticks, which are round steps such as $0.00015: up to two more
 * decimals when they show a tick exactly, so equal steps do not read $0.0002, $0.0003, $0.0005.
 * Tooltips keep `chartCurrencyFormatter`, whose values are rounded, not steps.
 */
export function chartAxisCurrencyFormatter(values: readonly number[]): (value: number) => string {
  const decimals = currencyDecimals(values);
  return (value) => {
    for (let d = decimals; d <= decimals + 2; d++)
      if (Math.abs(Number(value.toFixed(d)) - value) < 1e-12) return formatCurrency(value, d);
    return formatCurrency(value, decimals);
  };
}

function currencyDecimals(values: readonly number[]): number {
  return Math.max(0, ...values.map(Math.abs)) >= 1 ? 2 : 4;
}
