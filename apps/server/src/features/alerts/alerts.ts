import type { AppDeps } from '../../deps.ts';
import { createWebhookSender } from '../../lib/outbound/webhook-sender.ts';
import { type AlertEvaluator, createAlertEvaluator } from './alert-evaluator.ts';
import type { Channels } from './channels/deliver.ts';

export interface AlertServices {
  channels: Channels;
  evaluator: AlertEvaluator;
  /** Starts the schedule (ALERT_EVAL_INTERVAL_MS; 0 leaves it off). */
  start(): void;
  close(): Promise<void>;
}

/** The alert feature's long-lived parts: the webhook client and the evaluator. */
export function createAlertServices(deps: AppDeps): AlertServices {
  const webhooks = createWebhookSender({
    allowPrivate: deps.config.webhookAllowPrivate,
    clock: deps.clock,
  });
  const channels: Channels = { deps, webhooks };
  const interval = deps.config.alertEvalIntervalMs;
  const evaluator = createAlertEvaluator(channels, interval || 60_000);
  return {
    channels,
    evaluator,
    start() {
      if (interval > 0) evaluator.start(interval);
    },
    async close() {
      await evaluator.stop();
      await webhooks.close();
    },
  };
}
