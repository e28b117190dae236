import { PAID_TIER } from '@tokenwise/contracts';
import type { Db } from '@tokenwise/db';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/env.ts';
import type { BillingProvider } from '../../domain/billing/billing-provider.ts';
import { findSubscription, isActive } from '../../domain/billing/subscription.repository.ts';
import { SUBSCRIPTION_CHANGED_TOPIC } from '../../domain/topics.ts';
import { AppError, badRequest, conflict } from '../../errors/app-error.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { unstorableTextMessage } from '../../lib/validate.ts';
import { unavailableOnFailure } from './stripe-client.ts';
import { handleStripeEvent, isStripeEvent } from './stripe-webhook.ts';

export interface StripeBillingDeps {
  db: Db;
  clock: () => number;
  bus: InvalidationBus;
  stripe: Stripe;
  config: StripeConfig;
  /** Where Stripe sends the browser back to (PUBLIC_URL). */
  publicUrl: string;
  log: Pick<Logger, 'warn'>;
}

/**
 * Billing through Stripe (STRIPE_SECRET_KEY set): checkout and the customer portal are Stripe's
 * pages; the subscription row changes only from verified webhooks. See docs/billing.md.
 */
export function createStripeBilling(d: StripeBillingDeps): BillingProvider {
  return {
    id: 'stripe',
    async startCheckout({ account, email }) {
      const existing = await findSubscription(d.db.kysely, account.id);
      // A second Stripe subscription would be charged beside the first (a stale tab's Start Free
      // Trial, a direct call); changing the live one is the portal's job. (A plan from the local
      // provider, before this server used Stripe, has no portal here: it may move to Stripe.)
      if (existing?.provider === 'stripe' && isActive(existing, d.clock())) {
        throw conflict(
          'This account already has an active subscription. Use Manage Subscription to change it.',
        );
      }
      const session = await unavailableOnFailure(() =>
        d.stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: d.config.priceId, quantity: 1 }],
          client_reference_id: account.id,
          metadata: { account_id: account.id },
          subscription_data: {
            metadata: { account_id: account.id },
            // One trial per account: a returning account pays from the first day.
            ...(existing ? {} : { trial_period_days: PAID_TIER.trial_days }),
          },
          ...(existing?.external_customer_id
            ? { customer: existing.external_customer_id }
            : { customer_email: email }),
          success_url: `${d.publicUrl}/billing?checkout=success`,
          cancel_url: `${d.publicUrl}/billing`,
        }),
      );
      if (!session.url) throw new AppError(502, 'billing_unavailable', 'Failed to start checkout');
      return session.url;
    },
    async openPortal({ account }) {
      const existing = await findSubscription(d.db.kysely, account.id);
      if (!existing?.external_customer_id) {
        throw badRequest('There is no Stripe subscription to manage yet: start one first');
      }
      const customer = existing.external_customer_id;
      const session = await unavailableOnFailure(() =>
        d.stripe.billingPortal.sessions.create({ customer, return_url: `${d.publicUrl}/billing` }),
      );
      return session.url;
    },
    async handleWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = d.stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          d.config.webhookSecret,
          SIGNATURE_TOLERANCE_S,
        );
      } catch {
        throw badRequest('Invalid webhook signature');
      }
      // The SDK bounds only the signature's age: one dated ahead of now would stay replayable
      // until that date comes (its own clock, as the SDK's age check uses).
      if (signedAt(signature) - Date.now() / 1000 > SIGNATURE_TOLERANCE_S) {
        throw badRequest('Invalid webhook signature');
      }
      // Signed but not an event (only someone holding the secret can send one): nothing to apply.
      if (!isStripeEvent(event)) throw badRequest('The webhook payload is not a Stripe event');
      // Its id and type go into SQL: PostgreSQL text refuses NUL, so such an event answered 500
      // there. Only what is stored is checked (the object's ids by its shape): text elsewhere must
      // not hold an event back, nor one of a type this server ignores (review of decision 235).
      const unstorable = unstorableTextMessage({ id: event.id, type: event.type }, 'body');
      if (unstorable) throw badRequest(`The webhook event's ${unstorable}`);
      const { superseded, ...outcome } = await handleStripeEvent(d, event);
      if (outcome.accountId) await d.bus.publish(SUBSCRIPTION_CHANGED_TOPIC, outcome.accountId);
      if (superseded) await cancelSuperseded(d, superseded);
      return outcome;
    },
  };
}

/** How far a webhook signature's timestamp may be from now, either way (the SDK's default). */
const SIGNATURE_TOLERANCE_S = 300;

/** The `t=` of a `stripe-signature` header (already verified, so present). */
function signedAt(header: string | undefined): number {
  const t = /(?:^|,)t=(\d+)/.exec(header ?? '')?.[1];
  return t === undefined ? Number.POSITIVE_INFINITY : Number(t);
}

/**
 * Cancels at Stripe a subscription the account replaced by resubscribing while it was past due:
 * left open, Stripe keeps retrying its invoice and a retry that works bills the account a second
 * time (decision 112). Best effort: a failure is logged, and the next event about that
 * subscription (each retry sends one) tries again.
 */
async function cancelSuperseded(d: StripeBillingDeps, id: string): Promise<void> {
  try {
    await d.stripe.subscriptions.cancel(id);
  } catch (err) {
    // Already canceled (Stripe answers 400) is the outcome wanted.
    const code = (err as { code?: string }).code;
    if (code !== 'resource_missing')
      d.log.warn({ err, subscription: id }, 'could not cancel a replaced Stripe subscription');
  }
}
