import type { AlertChannel } from '@tokenwise/contracts';
import type { AlertRow } from '@tokenwise/db';
import type { AppDeps } from '../../../deps.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import type { WebhookSender } from '../../../lib/outbound/webhook-sender.ts';
import { accountName, recipientEmails } from '../alerts.repository.ts';
import { alertEmail } from './alert-email.ts';

export interface Notice {
  subject: string;
  text: string;
  /** The webhook's JSON body. */
  payload: Record<string, unknown>;
}

export interface ChannelOutcome {
  email_sent: boolean;
  webhook_sent: boolean;
  email_error: string | null;
  webhook_error: string | null;
}

export interface Channels {
  deps: AppDeps;
  webhooks: WebhookSender;
}

/** Sends a notice on each channel the alert has on; a failing channel never stops the other. */
export async function deliver(
  ch: Channels,
  alert: AlertRow,
  notice: Notice,
  opts: { retry?: boolean } = {},
): Promise<ChannelOutcome> {
  const [email, webhook] = await Promise.all([
    alert.notification_email ? attempt(() => sendEmail(ch, alert, notice)) : undefined,
    alert.notification_webhook
      ? attempt(() => sendWebhook(ch, alert, notice, opts.retry ?? true))
      : undefined,
  ]);
  return {
    email_sent: email === null,
    webhook_sent: webhook === null,
    email_error: email ?? null,
    webhook_error: webhook ?? null,
  };
}

/** The channels a delivery reached, for the test notification's answer. */
export function channelsSent(outcome: ChannelOutcome): AlertChannel[] {
  return [
    ...(outcome.email_sent ? (['email'] as const) : []),
    ...(outcome.webhook_sent ? (['webhook'] as const) : []),
  ];
}

/** null when it worked, the reason otherwise. */
async function attempt(send: () => Promise<void>): Promise<string | null> {
  try {
    await send();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function sendEmail(ch: Channels, alert: AlertRow, notice: Notice): Promise<void> {
  const { kysely } = ch.deps.db;
  const [to, name] = await Promise.all([
    recipientEmails(kysely, alert.account_id),
    accountName(kysely, alert.account_id),
  ]);
  if (to.length === 0) throw new Error('The account has no owner or admin to email');
  const alertsUrl = `${ch.deps.config.publicUrl}/alerts`;
  await ch.deps.mailer.send(alertEmail(notice, to, { name: name ?? 'Tokenwise', alertsUrl }));
}

async function sendWebhook(
  ch: Channels,
  alert: AlertRow,
  notice: Notice,
  retry: boolean,
): Promise<void> {
  if (!alert.webhook_url) throw new Error('No webhook URL is set');
  const secret = decryptSecret(ch.deps.config.encryptionKey, alert.webhook_secret_sealed);
  await ch.webhooks.send(alert.webhook_url, secret, notice.payload, { retry });
}
