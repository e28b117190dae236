import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import { stripeSubscription, stripeWebhookSender } from './testing/stripe-webhook-sender.ts';
import { useStripeServer } from './testing/use-stripe-server.ts';

const DAY = 86_400;

/**
 * Stripe billing end to end on loopback: the real server with the SDK aimed at a stand-in for the
 * Stripe API, and events signed the way Stripe signs them.
 */
describe('Stripe billing: checkout, portal and the webhook', () => {
  const { server, stripe } = useStripeServer({
    env: {
      PUBLIC_URL: 'https://app.tokenwise.test',
    },
  });

  const deliver = stripeWebhookSender(() => server.url);

  const now = () => Math.floor(Date.now() / 1000);
  // A trial of 14 days on the test's one customer.
  const subscription = (id: string, accountId: string, status: string) =>
    stripeSubscription(id, accountId, status, {
      customer: 'cus_test_1',
      trial_end: now() + 14 * DAY,
    });

  async function state(user: Awaited<ReturnType<typeof signUp>>) {
    const overview = await user.api.expectOk(endpoints.billing.overview);
    const gate = await user.api('GET', '/v1/analytics');
    const rows = await server.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('account_id', '=', user.accountId)
      .execute();
    return { status: overview.subscription?.status ?? 'none', gate: gate.status, rows };
  }

  test('the lifecycle trial → active → past_due → canceled, with duplicates, reordering and forgeries', async () => {
    const user = await signUp(server);
    const t0 = now();
    assert.deepEqual(await user.api.expectOk(endpoints.billing.overview), {
      subscription: null,
      usage: null,
    });
    assert.equal((await state(user)).gate, 402, 'no subscription: the gate is closed');
    // Nothing to manage before a subscription exists.
    assert.equal((await user.api.request(endpoints.billing.portal)).status, 400);

    // Checkout: the paid price with the 14-day trial, for this account.
    const checkout = await user.api.expectOk(endpoints.billing.checkout, {
      body: { tier: 'paid' },
    });
    assert.equal(checkout.url, 'https://checkout.stripe.test/cs_test_1');
    const sent = stripe.calls.find((c) => c.path === '/v1/checkout/sessions');
    assert.ok(sent);
    assert.equal(sent.form.get('line_items[0][price]'), 'price_paid_tier');
    assert.equal(sent.form.get('subscription_data[trial_period_days]'), '14');
    assert.equal(sent.form.get('client_reference_id'), user.accountId);
    assert.equal(sent.form.get('customer_email'), user.email);
    assert.equal(
      sent.form.get('success_url'),
      'https://app.tokenwise.test/billing?checkout=success',
    );
    assert.equal((await state(user)).status, 'none', 'nothing changes until Stripe says so');

    // Trial: checkout completed; the subscription is read from Stripe.
    stripe.subscriptions.set('sub_test_1', subscription('sub_test_1', user.accountId, 'trialing'));
    const completed = await deliver(
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.accountId,
        customer: 'cus_test_1',
        subscription: 'sub_test_1',
      },
      t0,
    );
    assert.deepEqual(completed.body, { received: true, applied: true });
    let s = await state(user);
    assert.equal(s.status, 'trialing');
    assert.equal(s.gate, 200, 'a trial opens the app');
    const overview = await user.api.expectOk(endpoints.billing.overview);
    assert.equal(overview.subscription?.monthly_token_quota, 30_000_000, 'the quota comes with it');
    assert.equal(overview.usage?.total_requests, 0);

    // Active.
    const activated = await deliver(
      'customer.subscription.updated',
      subscription('sub_test_1', user.accountId, 'active'),
      t0 + 10,
    );
    assert.equal(activated.body.applied, true);
    assert.equal((await state(user)).status, 'active');

    // The same event again (Stripe delivers at least once): nothing changes.
    const before = await state(user);
    const replay = JSON.parse(activated.payload);
    const again = await deliver('customer.subscription.updated', replay.data.object, t0 + 10, {
      id: replay.id,
    });
    assert.deepEqual(again.body, { received: true, applied: false });
    assert.deepEqual((await state(user)).rows, before.rows);

    // Past due: a failed payment closes the gate.
    const failed = await deliver(
      'invoice.payment_failed',
      {
        id: 'in_test_1',
        object: 'invoice',
        customer: 'cus_test_1',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_test_1' },
        },
      },
      t0 + 20,
    );
    assert.equal(failed.body.applied, true);
    s = await state(user);
    assert.equal(s.status, 'past_due');
    assert.equal(s.gate, 402);

    // An older 'active' arriving late never rolls the subscription back.
    const late = await deliver(
      'customer.subscription.updated',
      subscription('sub_test_1', user.accountId, 'active'),
      t0 + 15,
    );
    assert.equal(late.body.applied, false);
    assert.equal((await state(user)).status, 'past_due');

    // Canceled, and a canceled subscription stays canceled whatever arrives after.
    const deleted = await deliver(
      'customer.subscription.deleted',
      subscription('sub_test_1', user.accountId, 'canceled'),
      t0 + 40,
    );
    assert.equal(deleted.body.applied, true);
    s = await state(user);
    assert.equal(s.status, 'canceled');
    assert.equal(s.gate, 402);
    const revived = await deliver(
      'customer.subscription.updated',
      subscription('sub_test_1', user.accountId, 'active'),
      t0 + 50,
    );
    assert.equal(revived.body.applied, false);
    assert.equal((await state(user)).status, 'canceled');

    // Forged: signed with another secret, or not signed at all. 400, nothing changed.
    const settled = await state(user);
    const eventsBefore = await server.deps.db.kysely
      .selectFrom('billing_events')
      .select('id')
      .execute();
    const forged = await deliver(
      'customer.subscription.updated',
      subscription('sub_test_1', user.accountId, 'active'),
      t0 + 60,
      { secret: 'whsec_someone_else' },
    );
    assert.equal(forged.status, 400);
    assert.match(forged.body.message ?? '', /signature/i);
    const unsigned = await fetch(`${server.url}/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: forged.payload,
    });
    assert.equal(unsigned.status, 400);
    assert.deepEqual((await state(user)).rows, settled.rows);
    assert.equal(
      (await server.deps.db.kysely.selectFrom('billing_events').select('id').execute()).length,
      eventsBefore.length,
    );

    // The portal opens for the Stripe customer; a returning account gets no second trial.
    const portal = await user.api.expectOk(endpoints.billing.portal);
    assert.equal(portal.url, 'https://billing.stripe.test/p/cus_test_1');
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const second = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions')[1];
    assert.equal(second?.form.get('subscription_data[trial_period_days]'), null);
    assert.equal(second?.form.get('customer'), 'cus_test_1');
  });

  test('a made-up signature is a 400', async () => {
    const res = await fetch(`${server.url}/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_x"}',
    });
    assert.equal(res.status, 400);
  });
});
