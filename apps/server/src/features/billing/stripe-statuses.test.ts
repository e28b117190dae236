import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import { createKey } from '../api-keys/api-keys.service.ts';
import {
  stripeWebhookSender,
  stripeSubscription as subscription,
} from './testing/stripe-webhook-sender.ts';
import { useStripeServer } from './testing/use-stripe-server.ts';

/**
 * Stripe's closed statuses are not one thing: past_due is still retrying the card, unpaid has
 * stopped, incomplete never took its first payment, paused is a trial that ended without a
 * payment method. The owner is told which, and what to do about it.
 */
describe('Stripe billing: which closed status a subscription is in', () => {
  const { server } = useStripeServer();

  const deliver = stripeWebhookSender(() => server.url, 'evt_statuses');
  const now = () => Math.floor(Date.now() / 1000);
  function invoice(subscriptionId: string) {
    return {
      id: `in_${subscriptionId}`,
      object: 'invoice',
      customer: `cus_${subscriptionId}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId },
      },
    };
  }

  const cases = [
    {
      stripe: 'past_due',
      status: 'past_due',
      message:
        "This Tokenwise account's subscription payment is past due. Update the payment method on the Billing page.",
    },
    {
      stripe: 'unpaid',
      status: 'unpaid',
      message:
        "This Tokenwise account's subscription is unpaid: the payment retries have run out. Pay the open invoice or subscribe again on the Billing page.",
    },
    {
      stripe: 'incomplete',
      status: 'incomplete',
      message:
        "This Tokenwise account's first subscription payment has not gone through. Complete it or subscribe again on the Billing page.",
    },
    {
      stripe: 'paused',
      status: 'paused',
      message:
        "This Tokenwise account's free trial ended without a payment method, so the subscription is paused. Add one or subscribe again on the Billing page.",
    },
  ] as const;

  for (const c of cases) {
    test(`Stripe's ${c.stripe}: shown as ${c.status}, closed with its own reason`, async () => {
      const user = await signUp(server);
      const id = `sub_${c.stripe}`;
      const res = await deliver(
        'customer.subscription.created',
        subscription(id, user.accountId, c.stripe),
        now(),
      );
      assert.deepEqual(res.body, { received: true, applied: true });
      const overview = await user.api.expectOk(endpoints.billing.overview);
      assert.equal(overview.subscription?.status, c.status);
      assert.equal(overview.subscription?.is_active, false);
      const gate = await user.api('GET', '/v1/analytics');
      assert.equal(gate.status, 402);
      assert.deepEqual(gate.body, { error: 'subscription_required', message: c.message });

      // The gateway gives a key's caller the same reason.
      const key = await createKey(
        server.deps,
        {
          user: { id: user.userId } as never,
          tokenHash: '',
          accounts: [],
          account: { id: user.accountId, name: 'x', role: 'owner' },
          scopedTo: null,
        },
        'k',
      );
      const res2 = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      assert.equal(res2.status, 402);
      const refusal = (await res2.json()) as { error: { message: string } };
      assert.equal(refusal.error.message, c.message);
    });
  }

  test('a paid invoice reopens an unpaid or incomplete subscription, not a paused one', async () => {
    const t = now();
    for (const [status, after] of [
      ['unpaid', 'active'],
      ['incomplete', 'active'],
      ['paused', 'paused'],
    ] as const) {
      const user = await signUp(server);
      const id = `sub_reopen_${status}`;
      await deliver('customer.subscription.created', subscription(id, user.accountId, status), t);
      const paid = await deliver('invoice.paid', invoice(id), t + 1);
      assert.equal(paid.body.applied, after === 'active', status);
      const overview = await user.api.expectOk(endpoints.billing.overview);
      assert.equal(overview.subscription?.status, after, status);
    }
  });
});
