import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import Stripe from 'stripe';
import { upstreamEnv } from '../../gateway/tests/gateway-fixture.ts';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import { apiClient, signUp, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { type StripeStandIn, startStripeStandIn } from './testing/stripe-stand-in.ts';
import {
  PAID_PRICE_ID,
  stripeEnv,
  STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from './testing/stripe-webhook-sender.ts';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
const signer = new Stripe('sk_test_signer');

/**
 * The moment a Stripe subscription renews: its stored period ends before the webhook that carries
 * the next one arrives (seconds later, or after Stripe's retries when the server was down).
 */
describe('Stripe billing: renewal', () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let mock: MockUpstream;
  let now = Date.now();
  before(async () => {
    stripe = await startStripeStandIn();
    mock = await startMockUpstream();
    server = await startTestServer({
      clock: () => now,
      env: {
        ...upstreamEnv(mock),
        ...stripeEnv(stripe.url),
      },
    });
  });
  after(async () => {
    await server.close();
    await stripe.close();
    await mock.close();
  });

  test('an active subscription stays open while the renewal webhook is on its way, not forever', async () => {
    const user = await signUp(server, 'renewer@example.com');
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const start = Math.floor(now / 1000);
    const periodEnd = start + 30 * 86_400;
    stripe.subscriptions.set('sub_renew', {
      id: 'sub_renew',
      object: 'subscription',
      customer: 'cus_renew',
      status: 'active',
      metadata: { account_id: user.accountId },
      trial_end: null,
      items: {
        object: 'list',
        data: [
          {
            id: 'si_renew',
            price: { id: PAID_PRICE_ID },
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
    });
    const payload = JSON.stringify({
      id: 'evt_renew_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: start,
      data: {
        object: {
          id: 'cs_renew',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: user.accountId,
          customer: 'cus_renew',
          subscription: 'sub_renew',
        },
      },
    });
    const hook = await fetch(`${server.url}/v1/billing/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
    assert.equal(hook.status, 200);
    const key = (await user.api('POST', '/v1/keys', { name: 'k' })).body.key as string;
    await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'sk-test',
      label: 'main',
    });

    const gates = async () => {
      const chat = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'x-tokenwise-cache': 'bypass',
        },
        body: JSON.stringify({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: `hello ${now}` }],
        }),
      });
      await chat.body?.cancel();
      // Sessions last 30 days, as long as the period: sign in again at each moment.
      const session = await apiClient(server.url).expectOk(endpoints.auth.login, {
        body: { email: user.email, password: user.password },
      });
      const api = apiClient(server.url, session.token);
      const status = await api.expectOk(endpoints.auth.subscriptionStatus);
      return {
        gateway: chat.status,
        screens: (await api('GET', '/v1/analytics')).status,
        has_active_subscription: status.has_active_subscription,
      };
    };
    const open = { gateway: 200, screens: 200, has_active_subscription: true };
    assert.deepEqual(await gates(), open);

    // Ten minutes past the period's end, the renewal's customer.subscription.updated not yet here.
    now = periodEnd * 1000 + 10 * MIN_MS;
    assert.deepEqual(await gates(), open, 'a renewing account is not locked out meanwhile');

    // No word from Stripe for days (webhooks lost): the gate closes in the end.
    now = periodEnd * 1000 + 4 * DAY_MS;
    assert.deepEqual(await gates(), {
      gateway: 402,
      screens: 402,
      has_active_subscription: false,
    });
    // The refusal says what the owner must do: this account paid before, a trial is no answer.
    const refused = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'still there?' }],
      }),
    });
    const error = ((await refused.json()) as { error: { message: string } }).error;
    assert.match(error.message, /past due.*Billing page/);
    assert.doesNotMatch(error.message, /trial/i);
    const session = await apiClient(server.url).expectOk(endpoints.auth.login, {
      body: { email: user.email, password: user.password },
    });
    const screen = await apiClient(server.url, session.token)('GET', '/v1/analytics');
    assert.equal(screen.status, 402);
    assert.match(JSON.stringify(screen.body), /past due/);
  });
});
