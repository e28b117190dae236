import type { AlertRow } from '@tokenwise/db';
import { HOUR_MS } from '../../domain/analytics/time-range.ts';
import type { Measurement } from './alert-measure.ts';

export type Firing =
  | { kind: 'crossed' }
  | {
      kind: 'forecast';
      /** Hours from now until the threshold is reached at the period's rate so far. */
      hours: number;
    };

type AlertState = Pick<
  AlertRow,
  | 'alert_type'
  | 'threshold'
  | 'throttle_minutes'
  | 'last_crossed_at'
  | 'crossed_period_start'
  | 'forecast_period_start'
>;

// A rate measured over the first minutes of a period says little: a forecast waits until a
// twenty-fourth of the period has passed (an hour of a day, 2.5 minutes of an hour).
const FORECAST_MIN_ELAPSED_SHARE = 1 / 24;

/**
 * Whether the alert notifies now, and how. In breach: with throttle 0 once per period (per
 * breach, see `recovered`), otherwise at most once per throttle_minutes counted from the last
 * crossing notified; a forecast sent meanwhile does not count (decision 131), so "will cross" is
 * still followed by "crossed". Not in breach (budget and token alerts): once per period when the
 * rate so far reaches the threshold before the period ends.
 */
export function decide(alert: AlertState, m: Measurement, now: number): Firing | null {
  if (inBreach(alert, m)) {
    if (alert.throttle_minutes === 0) {
      return alert.crossed_period_start === m.window.start ? null : { kind: 'crossed' };
    }
    const quiet =
      alert.last_crossed_at === null ||
      now - alert.last_crossed_at >= alert.throttle_minutes * 60_000;
    return quiet ? { kind: 'crossed' } : null;
  }
  const hours = forecastHours(alert, m, now);
  if (hours === null || alert.forecast_period_start === m.window.start) return null;
  return { kind: 'forecast', hours };
}

/**
 * Whether the figure is past the line (decision 131). An error rate is a share that cannot pass
 * 100%: it is in breach when it reaches the threshold, once a request failed, so the default
 * threshold of 100 means "every request failed" and 0 means "any failure". Spend, tokens and a
 * spike have no ceiling and must pass it: a budget spent exactly is kept, and a spike of 0% is
 * no increase.
 */
export function inBreach(alert: Pick<AlertState, 'alert_type' | 'threshold'>, m: Measurement) {
  if (alert.alert_type === 'error_rate') {
    return (m.errors ?? 0) > 0 && m.value >= alert.threshold;
  }
  return m.value > alert.threshold;
}

/**
 * A breach notified this period that is over: the figure is back out of breach. An error rate or
 * a spike can fall within a period, and the next breach is a new incident to notify (decision
 * 121); spend and token use only grow, so budgets never recover mid-period.
 */
export function recovered(alert: AlertState, m: Measurement): boolean {
  return alert.crossed_period_start === m.window.start && !inBreach(alert, m);
}

function forecastHours(alert: AlertState, m: Measurement, now: number): number | null {
  if (alert.alert_type !== 'budget_limit' && alert.alert_type !== 'token_quota') return null;
  const elapsed = now - m.window.start;
  const length = m.window.end - m.window.start;
  const accrued = m.accrued ?? 0;
  // At the threshold exactly there is nothing left to forecast; the next unit crosses it.
  if (accrued <= 0 || accrued >= alert.threshold) return null;
  if (elapsed < length * FORECAST_MIN_ELAPSED_SHARE) return null;
  const msToCross = ((alert.threshold - accrued) / accrued) * elapsed;
  if (now + msToCross >= m.window.end) return null;
  return msToCross / HOUR_MS;
}
