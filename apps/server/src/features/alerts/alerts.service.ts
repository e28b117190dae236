import { randomUUID } from 'node:crypto';
import {
  ALERTS_PER_ACCOUNT,
  type Alert,
  type AlertHistoryEntry,
  AlertInput,
  type AlertWithSecret,
  type TestNotificationResponse,
} from '@tokenwise/contracts';
import type { AlertHistoryRow, AlertRow } from '@tokenwise/db';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  tooManyRequests,
} from '../../errors/app-error.ts';
import { countWithinLimit } from '../../lib/count-within-limit.ts';
import { limitNow } from '../../lib/counter-store.ts';
import { encryptSecret, randomToken } from '../../lib/crypto.ts';
import { holdUntilCommit } from '../../lib/hold-until-commit.ts';
import { isInsideHost } from '../../lib/outbound/blocked-address.ts';
import { parseInput } from '../../lib/validate.ts';
import { type AuthContext, MANAGER_ROLES } from '../../plugins/auth.ts';
import { formatFigure } from './alert-format.ts';
import * as repo from './alerts.repository.ts';
import { type Channels, channelsSent, deliver } from './channels/deliver.ts';

const NOT_FOUND = 'Alert not found';
// Each test sends an email to every owner and admin and a POST to a URL the tenant chose: a few a
// minute are plenty for checking a channel, and the cap keeps the button from being a relay. An
// admin can invite any address as an admin, so the hour is bounded too (decision 131): 20 checks
// an hour, not 600 emails to a stranger.
const TESTS_PER_MINUTE = 10;
const TESTS_PER_HOUR = 20;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export async function listAlerts(ch: Channels, auth: AuthContext): Promise<Alert[]> {
  const rows = await repo.listAlerts(ch.deps.db.kysely, auth.account.id);
  return rows.map((row) => readerView(auth, toAlert(row)));
}

export async function getAlert(ch: Channels, auth: AuthContext, id: string): Promise<Alert> {
  return readerView(auth, toAlert(await mustFind(ch, auth, id)));
}

/**
 * Members and read-only members see that a webhook is set and where it goes, not its path or
 * query: those often are the credential (Slack, Teams and Discord hook URLs carry the token).
 * Owners and admins, who set it and can change it, see it whole.
 */
function readerView(auth: AuthContext, alert: Alert): Alert {
  if (MANAGER_ROLES.includes(auth.account.role) || !alert.webhook_url) return alert;
  return { ...alert, webhook_url: maskedWebhookUrl(alert.webhook_url) };
}

/** Scheme and host (and port) only: `https://hooks.slack.com/…`; no user info, path or query. */
function maskedWebhookUrl(url: string): string {
  const origin = URL.canParse(url) ? new URL(url).origin : 'null';
  return origin === 'null' ? '' : `${origin}/…`;
}

export async function createAlert(
  ch: Channels,
  auth: AuthContext,
  input: AlertInput,
): Promise<AlertWithSecret> {
  refuseInsideWebhook(ch, input);
  const now = ch.deps.clock();
  const secret = newSecret();
  const row: AlertRow = {
    id: randomUUID(),
    account_id: auth.account.id,
    ...fieldsOf(input),
    webhook_secret_sealed: encryptSecret(ch.deps.config.encryptionKey, secret),
    last_triggered_at: null,
    last_crossed_at: null,
    crossed_period_start: null,
    forecast_period_start: null,
    created_at: now,
    updated_at: now,
  };
  const { db } = ch.deps;
  // The cap bounds the evaluator's work per account, since every alert is measured every pass;
  // creates in one account take turns, so it is exact (decision 146).
  await db.kysely.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, db.dialect, `alerts of ${auth.account.id}`);
    if ((await repo.countAlerts(trx, auth.account.id)) >= ALERTS_PER_ACCOUNT) {
      throw conflict(
        `An account can have at most ${ALERTS_PER_ACCOUNT} alerts; delete one to add another`,
      );
    }
    await repo.insertAlert(trx, row);
  });
  return { ...toAlert(row), webhook_secret: secret };
}

/**
 * Changes the alert's settings: the fields sent replace the stored ones, the rest keep their
 * values (a PUT of only the name loses nothing; decision 098), and the result is checked as the
 * form is. Its type stays (the form locks it): a budget's history and state mean nothing to an
 * error-rate alert. A changed rule starts afresh in the current period.
 */
export async function updateAlert(
  ch: Channels,
  auth: AuthContext,
  id: string,
  body: unknown,
): Promise<Alert> {
  const current = await mustFind(ch, auth, id);
  const input = parseInput(AlertInput, withStoredFields(current, body));
  if (input.alert_type !== current.alert_type) {
    throw badRequest('The alert type cannot be changed; create a new alert instead');
  }
  refuseInsideWebhook(ch, input);
  const fields = fieldsOf(input);
  const ruleChanged = fields.threshold !== current.threshold || fields.period !== current.period;
  const row = await repo.updateAlert(ch.deps.db.kysely, auth.account.id, id, {
    ...fields,
    ...(ruleChanged ? { crossed_period_start: null, forecast_period_start: null } : {}),
    updated_at: ch.deps.clock(),
  });
  if (!row) throw notFound(NOT_FOUND);
  return toAlert(row);
}

/** The edit laid over the stored alert, conditions key by key; anything else is left to the schema. */
function withStoredFields(current: AlertRow, body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { id: _id, last_triggered_at: _last, ...stored } = toAlert(current);
  const conditions = body.conditions === undefined ? {} : body.conditions;
  return {
    ...stored,
    ...body,
    conditions: isPlainObject(conditions) ? { ...stored.conditions, ...conditions } : conditions,
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A URL whose host is plainly inside (metadata service, loopback, private network) is refused
 * when saved, so the form can say why; names are judged again by address at every delivery.
 * WEBHOOK_ALLOW_PRIVATE (dev, tests) lets such URLs through, as it does at delivery.
 */
function refuseInsideWebhook(ch: Channels, input: AlertInput): void {
  if (ch.deps.config.webhookAllowPrivate || !input.webhook_url) return;
  if (isInsideHost(new URL(input.webhook_url).hostname)) {
    throw badRequest('Webhook URL must point to a public address, not a private or local one');
  }
}

export async function setEnabled(
  ch: Channels,
  auth: AuthContext,
  id: string,
  enabled: boolean,
): Promise<Alert> {
  const row = await repo.updateAlert(ch.deps.db.kysely, auth.account.id, id, {
    enabled: Number(enabled),
    updated_at: ch.deps.clock(),
  });
  if (!row) throw notFound(NOT_FOUND);
  return toAlert(row);
}

export async function deleteAlert(ch: Channels, auth: AuthContext, id: string): Promise<void> {
  if (!(await repo.deleteAlert(ch.deps.db.kysely, auth.account.id, id))) throw notFound(NOT_FOUND);
}

export async function rotateSecret(
  ch: Channels,
  auth: AuthContext,
  id: string,
): Promise<{ webhook_secret: string }> {
  const secret = newSecret();
  const row = await repo.updateAlert(ch.deps.db.kysely, auth.account.id, id, {
    webhook_secret_sealed: encryptSecret(ch.deps.config.encryptionKey, secret),
    updated_at: ch.deps.clock(),
  });
  if (!row) throw notFound(NOT_FOUND);
  return { webhook_secret: secret };
}

/**
 * Sends a sample notification on the alert's channels now, one attempt per channel. Some channels failing answers the ones
 * that worked and why the others did not; all failing is a 502 naming each reason.
 */
export async function sendTest(
  ch: Channels,
  auth: AuthContext,
  id: string,
): Promise<TestNotificationResponse> {
  const alert = await mustFind(ch, auth, id);
  if (!alert.notification_email && !alert.notification_webhook) {
    throw badRequest('Turn on email or webhook for this alert before sending a test');
  }
  await limitTests(ch, auth.account.id);
  const threshold = formatFigure(alert.alert_type, alert.threshold);
  const message = `This is a test of the alert "${alert.name}" (threshold ${threshold}). No threshold was crossed.`;
  const outcome = await deliver(
    ch,
    alert,
    {
      subject: `Test: ${alert.name}`,
      text: `${message}\n`,
      payload: {
        event: 'alert.test',
        alert: { id: alert.id, name: alert.name, type: alert.alert_type, period: alert.period },
        threshold_value: alert.threshold,
        triggered_at: new Date(ch.deps.clock()).toISOString(),
        message,
      },
      // Someone waits on the answer: one attempt each, the failure shown at once to retry by hand.
    },
    { retry: false },
  );
  const sent = channelsSent(outcome);
  const errors = {
    ...(outcome.email_error ? { email: outcome.email_error } : {}),
    ...(outcome.webhook_error ? { webhook: outcome.webhook_error } : {}),
  };
  if (sent.length === 0) {
    // The screen shows this message as it is: nodemailer's "Timeout" alone does not say which
    // channel timed out.
    const reasons = Object.entries(errors).map(([c, reason]) => `The test ${c} failed: ${reason}`);
    throw new AppError(502, 'notification_failed', reasons.join('. '));
  }
  return {
    success: true,
    notifications_sent: sent,
    ...(Object.keys(errors).length ? { errors } : {}),
  };
}

/** Counts a test against the account's hour and minute; a refused one is a 429 the screen shows. */
async function limitTests(ch: Channels, accountId: string): Promise<void> {
  const { counters } = ch.deps;
  const hourKey = `alert-test-hour:${accountId}`;
  await countWithinLimit(
    counters,
    hourKey,
    HOUR_MS,
    TESTS_PER_HOUR,
    (limit, wait) =>
      `An account can send ${limit} test notifications an hour; please try again in ${wait}`,
  );
  const minuteKey = `alert-test:${accountId}`;
  if ((await counters.increment(minuteKey, MINUTE_MS)) > limitNow(counters, TESTS_PER_MINUTE)) {
    // Refused, it sent nothing: it does not use up the hour.
    await counters.decrement(hourKey);
    throw tooManyRequests(
      'Too many test notifications; please try again in a minute',
      await counters.remainingMs(minuteKey),
    );
  }
}

export async function listHistory(
  ch: Channels,
  auth: AuthContext,
  limit: number,
): Promise<AlertHistoryEntry[]> {
  return (await repo.listHistory(ch.deps.db.kysely, auth.account.id, limit)).map(toHistoryEntry);
}

async function mustFind(ch: Channels, auth: AuthContext, id: string): Promise<AlertRow> {
  const row = await repo.findAlert(ch.deps.db.kysely, auth.account.id, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

// 32 random bytes, prefixed so a leaked one is recognisable (as gateway keys are).
const newSecret = () => `whsec_${randomToken(32)}`;

function fieldsOf(input: AlertInput) {
  return {
    name: input.name,
    alert_type: input.alert_type,
    enabled: Number(input.enabled),
    threshold: input.conditions.threshold,
    period: input.conditions.period,
    notification_email: Number(input.notification_email),
    notification_webhook: Number(input.notification_webhook),
    webhook_url: input.webhook_url ? input.webhook_url : null,
    throttle_minutes: input.throttle_minutes,
  };
}

const iso = (t: number | null) => (t === null ? null : new Date(Number(t)).toISOString());

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    name: row.name,
    alert_type: row.alert_type,
    enabled: Boolean(row.enabled),
    conditions: { threshold: Number(row.threshold), period: row.period },
    notification_email: Boolean(row.notification_email),
    notification_webhook: Boolean(row.notification_webhook),
    webhook_url: row.webhook_url,
    throttle_minutes: Number(row.throttle_minutes),
    last_triggered_at: iso(row.last_triggered_at),
  };
}

function toHistoryEntry(row: AlertHistoryRow): AlertHistoryEntry {
  return {
    id: row.id,
    alert_id: row.alert_id,
    alert_name: row.alert_name,
    alert_type: row.alert_type,
    triggered_at: iso(row.triggered_at) ?? '',
    trigger_value: Number(row.trigger_value),
    threshold_value: Number(row.threshold_value),
    kind: row.kind,
    forecast_hours: row.forecast_hours === null ? null : Number(row.forecast_hours),
    message: row.message,
    email_sent: Boolean(row.email_sent),
    webhook_sent: Boolean(row.webhook_sent),
    email_error: row.email_error,
    webhook_error: row.webhook_error,
  };
}
