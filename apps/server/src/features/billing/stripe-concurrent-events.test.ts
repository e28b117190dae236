import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import {
  stripeWebhookSender,
  stripeSubscription as subscription,
} from './testing/stripe-webhook-sender.ts';
import { useStripeServer } from './testing/use-stripe-server.ts';

/**
 * Stripe sends a subscription's events in parallel, not one after the other (a renewal's updated,
 * invoice.paid and invoice.payment_succeeded land together). Whatever order they are applied in,
 * the newest wins; on PostgreSQL two deliveries are two transactions running at once.
 */
describe('Stripe webhook: events about one subscription delivered at once', () => {
  const { server } = useStripeServer();

  const deliver = stripeWebhookSender(() => server.url, 'evt_parallel');
  const now = () => Math.floor(Date.now() / 1000);

  test('the newest of events delivered together wins: a deleted subscription stays canceled', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await signUp(server);
      const id = `sub_parallel_${i}`;
      const t = now();
      await deliver(
        'customer.subscription.created',
        subscription(id, user.accountId, 'trialing'),
        t,
      );
      await Promise.all([
        deliver('customer.subscription.updated', subscription(id, user.accountId, 'active'), t + 1),
        deliver(
          'customer.subscription.updated',
          subscription(id, user.accountId, 'past_due'),
          t + 2,
        ),
        deliver(
          'customer.subscription.deleted',
          subscription(id, user.accountId, 'canceled'),
          t + 3,
        ),
      ]);
      const overview = await user.api.expectOk(endpoints.billing.overview);
      outcomes.push(overview.subscription?.status ?? 'none');
    }
    assert.deepEqual(
      outcomes.filter((s) => s !== 'canceled'),
      [],
      'every subscription ended canceled',
    );
  });
});
