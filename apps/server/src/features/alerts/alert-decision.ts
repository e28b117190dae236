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
  | 'last_triggered_at'
  | 'crossed_period_start'
  | 'forecast_period_start'
>;

// A rate measured over the first minutes of a period says little: a forecast waits until a
// twenty-fourth of the period has passed (an hour of a day, 2.5 minutes of an hour).
const FORECAST_MIN_ELAPSED_SHARE = 1 / 24;

/**
 * Whether the alert notifies now, and how. Over the threshold: with throttle 0 once per period,
 * otherwise at most once per throttle_minutes while it stays over. Under it (budget and token
 * alerts): once per period when the rate so far reaches the threshold before the period ends.
 */
export function decide(alert: AlertState, m: Measurement, now: number): Firing | null {
  if (m.value > alert.threshold) {
    if (alert.throttle_minutes === 0) {
      return alert.crossed_period_start === m.window.start ? null : { kind: 'crossed' };
    }
    const quiet =
      alert.last_triggered_at === null ||
      now - alert.last_triggered_at >= alert.throttle_minutes * 60_000;
    return quiet ? { kind: 'crossed' } : null;
  }
  const hours = forecastHours(alert, m, now);
  if (hours === null || alert.forecast_period_start === m.window.start) return null;
  return { kind: 'forecast', hours };
}

/**
 * A breach notified this period that is over: the figure is back at or under the threshold. An
 * error rate or a spike can fall within a period, and the next breach is a new incident to
 * notify (decision 121); spend and token use only grow, so budgets never recover mid-period.
 */
export function recovered(alert: AlertState, m: Measurement): boolean {
  return alert.crossed_period_start === m.window.start && m.value <= alert.threshold;
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
