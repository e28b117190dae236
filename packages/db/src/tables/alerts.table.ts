import type { Selectable } from 'kysely';

/** One alert rule of an account; the evaluator's per-alert state lives beside it. */
export interface AlertsTable {
  id: string;
  account_id: string;
  name: string;
  alert_type: 'budget_limit' | 'cost_spike' | 'error_rate' | 'token_quota';
  enabled: number;
  threshold: number;
  period: '1h' | '1d' | '7d' | '30d';
  notification_email: number;
  notification_webhook: number;
  webhook_url: string | null;
  /** HMAC key for the webhook signature, sealed with ENCRYPTION_KEY. */
  webhook_secret_sealed: string;
  throttle_minutes: number;
  /**
   * The last notification sent (a crossing or a forecast): the screen's "last triggered" and the
   * compare-and-set that makes a firing happen once.
   */
  last_triggered_at: number | null;
  /** The last crossing notified (never a forecast); throttle_minutes counts from here (decision 131). */
  last_crossed_at: number | null;
  /** Start of the period whose crossing was notified: with throttle 0, once per period. */
  crossed_period_start: number | null;
  /** Start of the period whose forecast was notified: at most one forecast per period. */
  forecast_period_start: number | null;
  created_at: number;
  updated_at: number;
}
export type AlertRow = Selectable<AlertsTable>;

/** One notification an alert sent (or tried to), with each channel's outcome. */
export interface AlertHistoryTable {
  id: string;
  account_id: string;
  alert_id: string;
  alert_name: string;
  alert_type: AlertsTable['alert_type'];
  kind: 'crossed' | 'forecast';
  triggered_at: number;
  trigger_value: number;
  threshold_value: number;
  forecast_hours: number | null;
  message: string;
  email_sent: number;
  webhook_sent: number;
  email_error: string | null;
  webhook_error: string | null;
}
export type AlertHistoryRow = Selectable<AlertHistoryTable>;

/** A periodic job's current runner; whoever updates an expired row takes the job over. */
export interface AlertLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** An invalidation-bus message Redis did not take, for every instance to read (decision 113). */
export interface BusMessagesTable {
  id: string;
  topic: string;
  message: string;
  created_at: number;
}
