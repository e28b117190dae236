import type { AlertPeriod } from '@tokenwise/contracts';
import { DAY_MS, floorTo, HOUR_MS } from '../../domain/analytics/time-range.ts';

export interface PeriodWindow {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive; always on an hour boundary, so the rollups cover it exactly. */
  end: number;
}

// 1970-01-01 was a Thursday: weeks start four days later, on Monday.
const WEEK_ANCHOR_MS = 4 * DAY_MS;

/**
 * The fixed UTC window an alert period means at `now` (docs/decisions/012-alert-evaluation.md): the
 * current hour, day, ISO week (Monday) or calendar month. Fixed windows give "once per period" and
 * "before the period ends" a meaning that a sliding window would not.
 */
export function periodWindow(period: AlertPeriod, now: number): PeriodWindow {
  switch (period) {
    case '1h': {
      const start = floorTo(now, HOUR_MS);
      return { start, end: start + HOUR_MS };
    }
    case '1d': {
      const start = floorTo(now, DAY_MS);
      return { start, end: start + DAY_MS };
    }
    case '7d': {
      const start = floorTo(now - WEEK_ANCHOR_MS, 7 * DAY_MS) + WEEK_ANCHOR_MS;
      return { start, end: start + 7 * DAY_MS };
    }
    case '30d': {
      const d = new Date(now);
      return {
        start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
        end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      };
    }
  }
}

/** The window before `window`, of the same kind. */
export function previousWindow(period: AlertPeriod, window: PeriodWindow): PeriodWindow {
  return periodWindow(period, window.start - 1);
}

export const PERIOD_NAMES: Record<AlertPeriod, string> = {
  '1h': 'hour',
  '1d': 'day',
  '7d': 'week',
  '30d': 'month',
};
