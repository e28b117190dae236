import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import { stripeSubscription, stripeWebhookSender } from './testing/stripe-webhook-sender.ts';
import { useStripeServer } from './testing/use-stripe-server.ts';

/**
 * An account with two Stripe subscriptions in its history: the one it pays for now, and an older
 * one Stripe still sends events about. Also checkout while a subscription is live.
 */
describe('Stripe billing: a second subscription', () => {
  const { server, stripe } = useStripeServer({
    env: {
      PUBLIC_URL: 'https://app.tokenwise.test',
    },
  });

  const send = stripeWebhookSender(() => server.url, 'evt_resub');
  async function deliver(type: string, object: Record<string, unknown>, created: number) {
    const { status, body, payload } = await send(type, object, created);
    assert.equal(status, 200, payload);
    return body;
  }

  const now = () => Math.floor(Date.now() / 1000);
  const subscription = (id: string, accountId: string, status: string, customer: string) =>
    stripeSubscription(id, accountId, status, { customer });

  async function complete(accountId: string, subId: string, customer: string, created: number) {
    stripe.subscriptions.set(subId, subscription(subId, accountId, 'active', customer));
    return deliver(
      'checkout.session.completed',
      {
        id: `cs_${subId}`,
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: accountId,
        customer,
        subscription: subId,
      },
      created,
    );
  }

  const cancels = (id: string) =>
    stripe.calls
      .filter((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${id}`)
      .map((c) => c.method);

  async function state(user: Awaited<ReturnType<typeof signUp>>) {
    const overview = await user.api.expectOk(endpoints.billing.overview);
    const gate = await user.api('GET', '/v1/analytics');
    return { status: overview.subscription?.status ?? 'none', gate: gate.status };
  }

  test('Stripe canceling the old past-due subscription leaves the one the account resubscribed with open', async () => {
    const user = await signUp(server, 'resubscriber@example.com');
    const t0 = now();
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.equal((await complete(user.accountId, 'sub_old', 'cus_r', t0)).applied, true);
    const failed = await deliver(
      'invoice.payment_failed',
      {
        id: 'in_old_1',
        object: 'invoice',
        customer: 'cus_r',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_old' },
        },
      },
      t0 + 10,
    );
    assert.equal(failed.applied, true);
    assert.deepEqual(await state(user), { status: 'past_due', gate: 402 });

    // The owner clicks Resubscribe and pays: a new subscription opens the app, and the old one,
    // whose unpaid invoice Stripe would go on retrying, is canceled so it cannot bill again.
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.deepEqual(cancels('sub_old'), []);
    assert.equal((await complete(user.accountId, 'sub_new', 'cus_r', t0 + 20)).applied, true);
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
    assert.deepEqual(cancels('sub_old'), ['DELETE']);
    assert.equal(stripe.subscriptions.get('sub_old')?.status, 'canceled');
    assert.deepEqual(cancels('sub_new'), [], 'the subscription paid for now stays');

    // Stripe gives up on the old one's invoice and cancels it, days later.
    await deliver(
      'customer.subscription.deleted',
      subscription('sub_old', user.accountId, 'canceled', 'cus_r'),
      t0 + 30,
    );
    await deliver(
      'customer.subscription.updated',
      subscription('sub_old', user.accountId, 'past_due', 'cus_r'),
      t0 + 40,
    );
    assert.deepEqual(
      await state(user),
      { status: 'active', gate: 200 },
      'still paying for sub_new',
    );
    const row = await server.deps.db.kysely
      .selectFrom('subscriptions')
      .select('external_subscription_id')
      .where('account_id', '=', user.accountId)
      .executeTakeFirstOrThrow();
    assert.equal(row.external_subscription_id, 'sub_new');

    // The new one's own events still apply.
    await deliver(
      'customer.subscription.deleted',
      subscription('sub_new', user.accountId, 'canceled', 'cus_r'),
      t0 + 50,
    );
    assert.deepEqual(await state(user), { status: 'canceled', gate: 402 });
  });

  test('a replaced subscription Stripe still retries is canceled when its next event arrives; an ended one is left alone', async () => {
    const user = await signUp(server, 'retried@example.com');
    const t0 = now();
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.equal((await complete(user.accountId, 'sub_a', 'cus_t', t0)).applied, true);
    await deliver(
      'customer.subscription.deleted',
      subscription('sub_a', user.accountId, 'canceled', 'cus_t'),
      t0 + 10,
    );
    assert.deepEqual(await state(user), { status: 'canceled', gate: 402 });
    // Resubscribing after the old one ended cancels nothing.
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.equal((await complete(user.accountId, 'sub_b', 'cus_t', t0 + 20)).applied, true);
    assert.deepEqual(cancels('sub_a'), []);

    // A subscription of the account's that Stripe still reports past due (its cancel at the
    // takeover failed, or Stripe's events came in another order) is canceled when it is heard of.
    stripe.subscriptions.set('sub_c', subscription('sub_c', user.accountId, 'past_due', 'cus_t'));
    const news = await deliver(
      'customer.subscription.updated',
      subscription('sub_c', user.accountId, 'past_due', 'cus_t'),
      t0 + 30,
    );
    assert.equal(news.applied, false, 'the row still follows sub_b');
    assert.deepEqual(cancels('sub_c'), ['DELETE']);
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });
  });

  test('checkout while a subscription is live is refused and opens no second Stripe checkout', async () => {
    const user = await signUp(server, 'double-click@example.com');
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.equal((await complete(user.accountId, 'sub_live', 'cus_live', now())).applied, true);
    assert.deepEqual(await state(user), { status: 'active', gate: 200 });

    const sessions = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const again = await user.api.request(endpoints.billing.checkout, { body: { tier: 'paid' } });
    assert.equal(again.status, 409);
    assert.equal(again.ok, false);
    if (!again.ok) assert.match(again.body.message, /already has an active subscription/);
    assert.equal(
      stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').length,
      sessions,
      'no second subscription to pay for',
    );
  });
});
