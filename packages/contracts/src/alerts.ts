import { z } from 'zod';

export const ALERT_TYPES = ['budget_limit', 'cost_spike', 'error_rate', 'token_quota'] as const;
export const ALERT_PERIODS = ['1h', '1d', '7d', '30d'] as const;
export const ALERT_HISTORY_LIMIT = 50;

export const AlertInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  alert_type: z.enum(ALERT_TYPES).default('budget_limit'),
  enabled: z.boolean().default(true),
  conditions: z.object({
    threshold: z.number().min(0).default(100),
    period: z.enum(ALERT_PERIODS).default('1d'),
  }),
  notification_email: z.boolean().default(true),
  notification_webhook: z.boolean().default(false),
  webhook_url: z
    .union([z.literal(''), z.url().max(2000)])
    .nullable()
    .optional(),
  throttle_minutes: z.number().int().min(0).max(100_000).default(0),
});
export type AlertInput = z.infer<typeof AlertInput>;
export const Alert = AlertInput.extend({
  id: z.string(),
  last_triggered_at: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;
export const AlertHistoryEntry = z.object({
  id: z.string(),
  alert_name: z.string(),
  triggered_at: z.string(),
  trigger_value: z.number(),
  threshold_value: z.number(),
  email_sent: z.boolean(),
  webhook_sent: z.boolean(),
  email_error: z.string().nullable(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;
