import type { TimeRange } from '@tokenwise/contracts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const RANGE_HOURS: Record<Exclude<TimeRange, 'all'>, number> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
  '90d': 90 * 24,
};

/** [from, to) in epoch ms; `to` null means "up to the newest row". */
export interface Window {
  from: number;
  to: number | null;
}

export interface Period {
  current: Window;
  /** The range's length just before the current window; null for 'all'. */
  previous: Window | null;
  /** Chart granularity. */
  bucket: 'hour' | 'day';
}

export const floorTo = (t: number, unit: number) => t - (((t % unit) + unit) % unit);
export const ceilTo = (t: number, unit: number) => floorTo(t + unit - 1, unit);

/**
 * A period is the N hours ending now: at 10:05 "24h" starts at 10:05 yesterday, so a request made
 * 23.6 hours ago is in it, as "the last 24 hours" promises. `from` is `now + 1 - N h` because `now`
 * itself is inside, which makes the window exactly N hours of milliseconds. The previous period is
 * the N hours just before it, ending where the current one starts: both have the same length, so a
 * flat workload shows a 0% change. Neither starts on an hour: `segmentsOf` reads the partial hours
 * at their edges from the raw rows and everything between from the rollups.
 */
export function periodFor(range: TimeRange, now: number): Period {
  if (range === 'all') return { current: { from: 0, to: null }, previous: null, bucket: 'day' };
  const length = RANGE_HOURS[range] * HOUR_MS;
  const from = now + 1 - length;
  return {
    current: { from, to: null },
    previous: { from: from - length, to: from },
    bucket: range === '24h' ? 'hour' : 'day',
  };
}

export interface Segment {
  source: 'analytics_daily' | 'analytics_hourly' | 'request_logs';
  from: number;
  to: number | null;
  /**
   * Set on an hourly segment standing in for a partial hour whose raw rows may be purged: the
   * part of that hour the window covers (0 to 1), by which the hour's sums are scaled.
   */
  share?: number;
}

export interface SegmentOptions {
  /** Forbids the daily rollup (for an hourly chart). */
  hourly?: boolean;
  /**
   * Raw rows are complete from here on (the retention cut-off, hour-aligned); older ones may be
   * purged. Undefined: every raw row is kept.
   */
  rawFrom?: number;
}

/**
 * Splits a window into the cheapest exact sources: whole UTC days from the daily rollup, the hours
 * around them from the hourly rollup and, where the window starts or ends inside an hour (every
 * analytics period does), those partial hours from the raw rows. A partial hour older than `rawFrom` is read from its hourly rollup
 * instead, scaled to the part of the hour covered: an estimate, exact for steady traffic, but one
 * that a purge cannot change (the raw rows would give a different figure before and after it).
 */
export function segmentsOf(w: Window, opts: SegmentOptions = {}): Segment[] {
  // A window that starts inside an hour (a billing period starts when checkout did): that first
  // partial hour is read like a partial last hour, and the rest from the next hour on.
  if (w.from % HOUR_MS !== 0) {
    const next = ceilTo(w.from, HOUR_MS);
    const headEnd = w.to === null ? next : Math.min(next, w.to);
    const head = partialHour(w.from, headEnd, opts.rawFrom);
    if (w.to !== null && w.to <= next) return [head];
    return [head, ...segmentsOf({ from: next, to: w.to }, opts)];
  }
  const out: Segment[] = [];
  let end = w.to;
  if (end !== null && end % HOUR_MS !== 0) {
    const hour = Math.max(w.from, floorTo(end, HOUR_MS));
    if (hour < end) out.push(partialHour(hour, end, opts.rawFrom));
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

function partialHour(from: number, to: number, rawFrom: number | undefined): Segment {
  if (rawFrom === undefined || from >= rawFrom) return { source: 'request_logs', from, to };
  const hour = floorTo(from, HOUR_MS);
  return {
    source: 'analytics_hourly',
    from: hour,
    to: hour + HOUR_MS,
    share: (to - from) / HOUR_MS,
  };
}
