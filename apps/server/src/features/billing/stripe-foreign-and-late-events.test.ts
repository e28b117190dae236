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
 * Deliveries a Stripe account sends that must not open the app (decision 132): a subscription to
 * another product sold by the same Stripe account, an older event arriving after a newer one,
 * and a signature dated ahead of now.
 */
describe('Stripe webhook: other products, late events, future signatures', () => {
  const { server, stripe } = useStripeServer({
    env: { STRIPE_ACCEPTED_PRICE_IDS: 'price_paid_2025' },
  });

  const deliver = stripeWebhookSender(() => server.url, 'evt_late');
  const now = () => Math.floor(Date.now() / 1000);

  async function state(user: Awaited<ReturnType<typeof signUp>>) {
    const overview = await user.api.expectOk(endpoints.billing.overview);
    const gate = await user.api('GET', '/v1/analytics');
    return { status: overview.subscription?.status ?? 'none', gate: gate.status };
  }

  test('a subscription to another product of the Stripe account does not give the paid tier', async () => {
    const user = await signUp(server);
    const t0 = now();
    const other = subscription('sub_other_product', user.accountId, 'active', {
      price: 'price_other',
    });
    const created = await deliver('customer.subscription.created', other, t0);
    assert.equal(created.status, 200, created.payload);
    assert.deepEqual(created.body, { received: true, applied: false });
    stripe.subscriptions.set('sub_other_product', other);
    const checkout = await deliver(
      'checkout.session.completed',
      {
        id: 'cs_other',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.accountId,
        customer: 'cus_sub_other_product',
        subscription: 'sub_other_product',
      },
      t0,
    );
    assert.deepEqual(checkout.body, { received: true, applied: false });
    assert.deepEqual(await state(user), { status: 'none', gate: 402 });
    // Never canceled at Stripe: it is the customer's plan for something else.
    assert.equal(
      stripe.calls.some((c) => c.method === 'DELETE'),
      false,
    );

    // A price the operator still honours (an older price of the plan) opens it.
    await deliver(
      'customer.subscription.created',
      subscription('sub_legacy_price', user.accountId, 'active', { price: 'price_paid_2025' }),
      t0 + 1,
    );
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
  });

  test('a plan switched to another product in the portal stops opening the app', async () => {
    const user = await signUp(server);
    const t0 = now();
    await deliver(
      'customer.subscription.created',
      subscription('sub_switch', user.accountId, 'active'),
      t0,
    );
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
    const switched = await deliver(
      'customer.subscription.updated',
      subscription('sub_switch', user.accountId, 'active', { price: 'price_other' }),
      t0 + 10,
    );
    assert.deepEqual(switched.body, { received: true, applied: true });
    assert.deepEqual(await state(user), { status: 'canceled', gate: 402 });
    // Switched back to the plan's price, it opens again.
    await deliver(
      'customer.subscription.updated',
      subscription('sub_switch', user.accountId, 'active'),
      t0 + 20,
    );
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
  });

  test('subscribing again after switching to another product leaves that product billing', async () => {
    const user = await signUp(server);
    const t0 = now();
    await deliver(
      'customer.subscription.created',
      subscription('sub_kept', user.accountId, 'active'),
      t0,
    );
    await deliver(
      'customer.subscription.updated',
      subscription('sub_kept', user.accountId, 'active', { price: 'price_other' }),
      t0 + 10,
    );
    stripe.subscriptions.set(
      'sub_new_plan',
      subscription('sub_new_plan', user.accountId, 'active'),
    );
    const checkout = await deliver(
      'checkout.session.completed',
      {
        id: 'cs_new_plan',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.accountId,
        customer: 'cus_sub_kept',
        subscription: 'sub_new_plan',
      },
      t0 + 20,
    );
    assert.deepEqual(checkout.body, { received: true, applied: true });
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
    assert.deepEqual(
      stripe.calls.filter((c) => c.method === 'DELETE').map((c) => c.path),
      [],
      "the other product's subscription is not canceled",
    );
  });

  test('events about a new subscription arriving after its end do not reopen the account', async () => {
    const user = await signUp(server);
    const t0 = now();
    // An earlier plan, ended: the account's row follows it.
    await deliver(
      'customer.subscription.created',
      subscription('sub_first', user.accountId, 'active'),
      t0,
    );
    await deliver(
      'customer.subscription.deleted',
      subscription('sub_first', user.accountId, 'canceled'),
      t0 + 10,
    );
    assert.deepEqual(await state(user), { status: 'canceled', gate: 402 });

    // Resubscribed, then canceled at once; Stripe delivers the end first.
    const deleted = await deliver(
      'customer.subscription.deleted',
      subscription('sub_second', user.accountId, 'canceled'),
      t0 + 30,
    );
    assert.equal(deleted.status, 200);
    stripe.subscriptions.set('sub_second', subscription('sub_second', user.accountId, 'active'));
    const checkout = await deliver(
      'checkout.session.completed',
      {
        id: 'cs_second',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.accountId,
        customer: 'cus_sub_second',
        subscription: 'sub_second',
      },
      t0 + 20,
    );
    assert.deepEqual(checkout.body, { received: true, applied: false });
    const updated = await deliver(
      'customer.subscription.updated',
      subscription('sub_second', user.accountId, 'active'),
      t0 + 21,
    );
    assert.deepEqual(updated.body, { received: true, applied: false });
    assert.deepEqual(await state(user), { status: 'canceled', gate: 402 });

    // A third subscription whose failed payment arrives before its start: it stays closed too.
    await deliver(
      'customer.subscription.updated',
      subscription('sub_third', user.accountId, 'past_due'),
      t0 + 50,
    );
    await deliver(
      'customer.subscription.created',
      subscription('sub_third', user.accountId, 'active'),
      t0 + 40,
    );
    assert.equal((await state(user)).gate, 402);
  });

  test('a signature dated ahead of now is refused like a bad one', async () => {
    const user = await signUp(server);
    const ahead = await deliver(
      'customer.subscription.created',
      subscription('sub_future', user.accountId, 'active'),
      now(),
      { signedAt: now() + 3600 },
    );
    assert.equal(ahead.status, 400);
    assert.deepEqual(ahead.body, { error: 'bad_request', message: 'Invalid webhook signature' });
    assert.deepEqual(await state(user), { status: 'none', gate: 402 });

    // A clock a minute apart is within the tolerance.
    const skewed = await deliver(
      'customer.subscription.created',
      subscription('sub_future', user.accountId, 'active'),
      now(),
      { signedAt: now() + 60 },
    );
    assert.deepEqual(skewed.body, { received: true, applied: true });
  });
});
