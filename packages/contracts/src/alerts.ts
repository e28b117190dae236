import { z } from 'zod';
import { pageLimit } from './analytics.ts';
import { oneLine, VISIBLE } from './one-line.ts';

export const ALERT_TYPES = ['budget_limit', 'cost_spike', 'error_rate', 'token_quota'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_PERIODS = ['1h', '1d', '7d', '30d'] as const;
export type AlertPeriod = (typeof ALERT_PERIODS)[number];
export const ALERT_HISTORY_LIMIT = 50;
/** Alerts one account may keep: every one is measured every pass (decision 098). */
export const ALERTS_PER_ACCOUNT = 100;
/** Recent firings the /alerts screen lists (spec section 9). */
export const RECENT_ALERTS_SHOWN = 10;
export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

const WEBHOOK_URL_REQUIRED = 'A webhook URL is required when the webhook channel is on';
// A share of requests cannot pass 100%: an error-rate alert set above it would never fire.
const ERROR_RATE_RANGE = 'An error-rate threshold is a percentage from 0 to 100';

/** The fields of an alert as the form sends them; `AlertInput` adds the cross-field rule. */
export const AlertFields = z.object({
  // It becomes an email subject and a line of the screen: a line break there only garbles them.
  name: oneLine('Name', 200)
    .min(1, 'Name is required')
    .refine((v) => VISIBLE.test(v), 'Name is required'),
  alert_type: z.enum(ALERT_TYPES).default('budget_limit'),
  enabled: z.boolean().default(true),
  conditions: z
    .object({
      threshold: z
        .number({ error: 'Threshold must be a number' })
        .min(0, 'Threshold must be 0 or more')
        .max(1e15, 'Threshold is too large')
        .default(100),
      period: z.enum(ALERT_PERIODS).default('1d'),
    })
    // Left out, the conditions are their defaults too (spec section 9), not a missing field.
    .prefault({}),
  notification_email: z.boolean().default(true),
  notification_webhook: z.boolean().default(false),
  webhook_url: z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: 'Webhook URL must be a valid http(s) URL' })
        .max(2000, 'Webhook URL is too long'),
    ])
    .nullable()
    .optional(),
  throttle_minutes: z
    .number({ error: 'Throttle must be a number of minutes' })
    .int('Throttle must be a whole number of minutes')
    .min(0, 'Throttle must be 0 or more')
    .max(100_000, 'Throttle must be at most 100000 minutes')
    .default(0),
});

export const AlertInput = AlertFields.superRefine((alert, ctx) => {
  if (alert.notification_webhook && !alert.webhook_url) {
    ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: WEBHOOK_URL_REQUIRED });
  }
  if (alert.alert_type === 'error_rate' && alert.conditions.threshold > 100) {
    ctx.addIssue({ code: 'custom', path: ['conditions', 'threshold'], message: ERROR_RATE_RANGE });
  }
});
export type AlertInput = z.infer<typeof AlertInput>;

/** The toggle's body: only `enabled` changes. */
export const AlertToggle = z.object({ enabled: z.boolean() });
export type AlertToggle = z.infer<typeof AlertToggle>;

export const Alert = AlertFields.extend({
  id: z.string(),
  last_triggered_at: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

/** Answered once on create and on rotation: the secret that signs this alert's webhooks. */
export const AlertWithSecret = Alert.extend({ webhook_secret: z.string() });
export type AlertWithSecret = z.infer<typeof AlertWithSecret>;
export const WebhookSecretResponse = z.object({ webhook_secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const TestNotificationResponse = z.object({
  success: z.literal(true),
  notifications_sent: z.array(z.enum(ALERT_CHANNELS)),
  /** Why a channel failed, by channel; absent when every channel went out. */
  errors: z.partialRecord(z.enum(ALERT_CHANNELS), z.string()).optional(),
});
export type TestNotificationResponse = z.infer<typeof TestNotificationResponse>;

export const AlertHistoryQuery = z.object({
  limit: pageLimit(ALERT_HISTORY_LIMIT).default(ALERT_HISTORY_LIMIT),
});
export type AlertHistoryQuery = z.infer<typeof AlertHistoryQuery>;

export const AlertHistoryEntry = z.object({
  id: z.string(),
  alert_id: z.string(),
  alert_name: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  triggered_at: z.string(),
  trigger_value: z.number(),
  threshold_value: z.number(),
  /** 'crossed' when the value passed the threshold; 'forecast' when it is on course to. */
  kind: z.enum(['crossed', 'forecast']),
  /** For a forecast: hours until the threshold is reached at the current rate. */
  forecast_hours: z.number().nullable(),
  /** The sentence the notification carried, e.g. the forecast's. */
  message: z.string(),
  email_sent: z.boolean(),
  webhook_sent: z.boolean(),
  email_error: z.string().nullable(),
  webhook_error: z.string().nullable(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;
