import type { TimeRange } from '@tokenwise/contracts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const RANGE_HOURS: Record<Exclude<TimeRange, 'all'>, number> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
  '90d': 90 * 24,
};

/** [from, to) in epoch ms; `to` null means "up to the newest row". `from` is always hour-aligned. */
export interface Window {
  from: number;
  to: number | null;
}

export interface Period {
  current: Window;
  /** The current window moved back by the range's length; null for 'all'. */
  previous: Window | null;
  /** Chart granularity. */
  bucket: 'hour' | 'day';
}

export const floorTo = (t: number, unit: number) => t - (((t % unit) + unit) % unit);
const ceilTo = (t: number, unit: number) => floorTo(t + unit - 1, unit);

/**
 * A period is the current hour plus the (N-1) whole hours before it, so it starts on an hour
 * boundary and every full hour in it can be read from the rollups. The previous period is the same
 * span moved back by N hours and ends at (now - N hours): both have exactly the same length, so a
 * flat workload shows a 0% change at any minute of the hour.
 */
export function periodFor(range: TimeRange, now: number): Period {
  if (range === 'all') return { current: { from: 0, to: null }, previous: null, bucket: 'day' };
  const hours = RANGE_HOURS[range];
  const from = floorTo(now, HOUR_MS) - (hours - 1) * HOUR_MS;
  const shift = hours * HOUR_MS;
  return {
    current: { from, to: null },
    previous: { from: from - shift, to: now + 1 - shift },
    bucket: range === '24h' ? 'hour' : 'day',
  };
}

export interface Segment {
  source: 'analytics_daily' | 'analytics_hourly' | 'request_logs';
  from: number;
  to: number | null;
}

/**
 * Splits a window into the cheapest exact sources: whole UTC days from the daily rollup, the hours
 * around them from the hourly rollup and, only when the window ends inside an hour, that partial
 * hour from the raw rows. `hourly` forbids the daily rollup (for an hourly chart).
 */
export function segmentsOf(w: Window, opts: { hourly?: boolean } = {}): Segment[] {
  const out: Segment[] = [];
  let end = w.to;
  if (end !== null && end % HOUR_MS !== 0) {
    const hour = Math.max(w.from, floorTo(end, HOUR_MS));
    if (hour < end) out.push({ source: 'request_logs', from: hour, to: end });
    end = hour;
  }
  if (end !== null && end <= w.from) return out;
  const firstDay = ceilTo(w.from, DAY_MS);
  const lastDay = end === null ? null : floorTo(end, DAY_MS);
  if (opts.hourly || (lastDay !== null && lastDay <= firstDay)) {
    out.push({ source: 'analytics_hourly', from: w.from, to: end });
    return out;
  }
  if (w.from < firstDay) out.push({ source: 'analytics_hourly', from: w.from, to: firstDay });
  out.push({ source: 'analytics_daily', from: firstDay, to: lastDay });
  if (lastDay !== null && end !== null && lastDay < end) {
    out.push({ source: 'analytics_hourly', from: lastDay, to: end });
  }
  return out;
}
