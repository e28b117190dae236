import { randomUUID } from 'node:crypto';
import type { AlertRow } from '@tokenwise/db';
import fastq from 'fastq';
import { alertingAccountsWithActiveSubscription } from '../../domain/billing/subscription.repository.ts';
import { claimLease, releaseLease } from '../../domain/leases.ts';
import type { Firing } from './alert-decision.ts';
import { decide, recovered } from './alert-decision.ts';
import { formatFigure } from './alert-format.ts';
import { type Measurement, measure } from './alert-measure.ts';
import { alertSentence } from './alert-message.ts';
import {
  claimFiring,
  failedAttemptTimes,
  insertHistory,
  listEnabledAlerts,
  rearm,
  releaseFiring,
} from './alerts.repository.ts';
import { type Channels, deliver } from './channels/deliver.ts';

const LEASE = 'alert-evaluator';

export interface AlertEvaluator {
  /**
   * One pass over every enabled alert, if this instance holds the lease; answers the firings.
   * An account whose alerts an earlier pass is still notifying (a slow webhook) is left to a
   * later pass; every other account is evaluated now.
   */
  tick(): Promise<number>;
  /** Runs `tick` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  /** Stops the schedule, waits for running passes and gives the lease up. */
  stop(): Promise<void>;
}

// Notifications in flight at once across accounts. Each account has at most one (its alerts go
// one by one), so a tenant whose webhooks hang holds one place, not the queue (decision 098).
const DELIVERIES_AT_ONCE = 32;

// A notification that reached no channel (the mail server down, the only webhook failing) is
// tried again by a later pass, this far apart and this many times a period, each attempt in
// history (decision 121): an hour's outage is covered without a history entry every minute.
const RETRY_AFTER_MS = 10 * 60_000;
const ATTEMPTS_PER_PERIOD = 6;

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
  /** Each account's alerts being evaluated, one after another, by account id. */
  const lanes = new Map<string, Promise<number>>();
  const passes = new Set<Promise<number>>();
  const deliveries = fastq.promise((send: () => Promise<void>) => send(), DELIVERIES_AT_ONCE);

  async function lane(alerts: AlertRow[], now: number): Promise<number> {
    let fired = 0;
    for (const alert of alerts) {
      try {
        if (await evaluate(ch, alert, now, (send) => deliveries.push(send))) fired++;
      } catch (err) {
        deps.log.error({ err, alertId: alert.id }, 'alert evaluation failed');
      }
    }
    return fired;
  }

  async function pass(): Promise<number> {
    if (!(await claimLease(deps.db, LEASE, holder, leaseMs))) return 0;
    const now = deps.clock();
    const started: Promise<number>[] = [];
    const accounts = byAccount(await listEnabledAlerts(deps.db.kysely));
    // A lapsed account's requests are refused (402) and its screens closed: its alerts would only
    // mail people about an account they cannot use. They resume with the subscription.
    const live = await alertingAccountsWithActiveSubscription(deps.db.kysely, now);
    for (const [accountId, alerts] of accounts) {
      if (lanes.has(accountId) || !live.has(accountId)) continue;
      const run = lane(alerts, now).finally(() => lanes.delete(accountId));
      lanes.set(accountId, run);
      started.push(run);
    }
    return (await Promise.all(started)).reduce((a, b) => a + b, 0);
  }

  const tick = () => {
    const run = pass().finally(() => passes.delete(run));
    passes.add(run);
    return run;
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
      await Promise.allSettled([...passes]);
      await releaseLease(deps.db.kysely, LEASE, holder).catch(() => undefined);
    },
  };
}

function byAccount(alerts: AlertRow[]): Map<string, AlertRow[]> {
  const groups = new Map<string, AlertRow[]>();
  for (const alert of alerts) {
    const group = groups.get(alert.account_id);
    if (group) group.push(alert);
    else groups.set(alert.account_id, [alert]);
  }
  return groups;
}

type Deliveries = (send: () => Promise<void>) => Promise<void>;

async function evaluate(
  ch: Channels,
  alert: AlertRow,
  now: number,
  deliveries: Deliveries,
): Promise<boolean> {
  const m = await measure(ch.deps.db.kysely, alert, now);
  const firing = decide(alert, m, now);
  if (!firing) {
    if (recovered(alert, m)) await rearm(ch.deps.db.kysely, alert);
    return false;
  }
  if (await retryWaits(ch, alert, m, now)) return false;
  const claimed = await claimFiring(ch.deps.db.kysely, alert, {
    last_triggered_at: now,
    ...(firing.kind === 'crossed'
      ? { crossed_period_start: m.window.start, last_crossed_at: now }
      : { forecast_period_start: m.window.start }),
  });
  if (!claimed) return false;
  await deliveries(() => notify(ch, alert, m, firing, now));
  return true;
}

/** Whether earlier attempts this period that reached no channel ask this one to wait. */
async function retryWaits(
  ch: Channels,
  alert: AlertRow,
  m: Measurement,
  now: number,
): Promise<boolean> {
  const failed = await failedAttemptTimes(ch.deps.db.kysely, alert.id, m.window.start);
  const latest = failed[0];
  return (
    failed.length >= ATTEMPTS_PER_PERIOD || (latest !== undefined && now - latest < RETRY_AFTER_MS)
  );
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
  const failed = outcome.email_error !== null || outcome.webhook_error !== null;
  if (failed && !outcome.email_sent && !outcome.webhook_sent) {
    await releaseFiring(ch.deps.db.kysely, alert, now);
  }
}
