import { randomUUID } from 'node:crypto';
import type { AlertRow } from '@tokenwise/db';
import { claimLease, releaseLease } from '../../domain/leases.ts';
import type { Firing } from './alert-decision.ts';
import { decide } from './alert-decision.ts';
import { formatFigure } from './alert-format.ts';
import { type Measurement, measure } from './alert-measure.ts';
import { alertSentence } from './alert-message.ts';
import { claimFiring, insertHistory, listEnabledAlerts } from './alerts.repository.ts';
import { type Channels, deliver } from './channels/deliver.ts';

const LEASE = 'alert-evaluator';

export interface AlertEvaluator {
  /** One pass over every enabled alert, if this instance holds the lease; answers the firings. */
  tick(): Promise<number>;
  /** Runs `tick` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  /** Stops the schedule, waits for a running pass and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * The evaluator: every interval, one instance (the lease holder) measures each enabled alert over
 * the analytics rollups and notifies when it decides to. A firing is also claimed on the alert row
 * (compare-and-set on last_triggered_at), so even two passes at once notify only once.
 */
export function createAlertEvaluator(ch: Channels, intervalMs: number): AlertEvaluator {
  const { deps } = ch;
  const holder = randomUUID();
  // Longer than the interval, so the holder renews it before it lapses; a dead holder's lease
  // passes to another instance within two intervals.
  const leaseMs = Math.max(intervalMs * 2, 10_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function pass(): Promise<number> {
    const now = deps.clock();
    if (!(await claimLease(deps.db.kysely, LEASE, holder, now, leaseMs))) return 0;
    let fired = 0;
    for (const alert of await listEnabledAlerts(deps.db.kysely)) {
      try {
        if (await evaluate(ch, alert, now)) fired++;
      } catch (err) {
        deps.log.error({ err, alertId: alert.id }, 'alert evaluation failed');
      }
    }
    return fired;
  }

  const tick = () => {
    // A pass still running (a slow webhook) is joined, never doubled.
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    tick,
    start(every) {
      timer = setInterval(() => {
        tick().catch((err) => deps.log.error({ err }, 'alert evaluator pass failed'));
      }, every);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await releaseLease(deps.db.kysely, LEASE, holder).catch(() => undefined);
    },
  };
}

async function evaluate(ch: Channels, alert: AlertRow, now: number): Promise<boolean> {
  const m = await measure(ch.deps.db.kysely, alert, now);
  const firing = decide(alert, m, now);
  if (!firing) return false;
  const claimed = await claimFiring(ch.deps.db.kysely, alert, {
    last_triggered_at: now,
    ...(firing.kind === 'crossed'
      ? { crossed_period_start: m.window.start }
      : { forecast_period_start: m.window.start }),
  });
  if (!claimed) return false;
  await notify(ch, alert, m, firing, now);
  return true;
}

async function notify(
  ch: Channels,
  alert: AlertRow,
  m: Measurement,
  firing: Firing,
  now: number,
): Promise<void> {
  const message = alertSentence(alert, m, firing);
  const forecastHours = firing.kind === 'forecast' ? firing.hours : null;
  const outcome = await deliver(ch, alert, {
    subject: `${firing.kind === 'forecast' ? 'Forecast' : 'Alert'}: ${alert.name}`,
    text: `${message}\n\nAlert "${alert.name}": ${formatFigure(alert.alert_type, m.value)} against a threshold of ${formatFigure(alert.alert_type, alert.threshold)}.\n`,
    payload: {
      event: firing.kind === 'forecast' ? 'alert.forecast' : 'alert.triggered',
      alert: { id: alert.id, name: alert.name, type: alert.alert_type, period: alert.period },
      trigger_value: m.value,
      threshold_value: alert.threshold,
      forecast_hours: forecastHours,
      period_start: new Date(m.window.start).toISOString(),
      period_end: new Date(m.window.end).toISOString(),
      triggered_at: new Date(now).toISOString(),
      message,
    },
  });
  await insertHistory(ch.deps.db.kysely, {
    id: randomUUID(),
    account_id: alert.account_id,
    alert_id: alert.id,
    alert_name: alert.name,
    alert_type: alert.alert_type,
    kind: firing.kind,
    triggered_at: now,
    trigger_value: m.value,
    threshold_value: alert.threshold,
    forecast_hours: forecastHours,
    message,
    email_sent: Number(outcome.email_sent),
    webhook_sent: Number(outcome.webhook_sent),
    email_error: outcome.email_error,
    webhook_error: outcome.webhook_error,
  });
}
