import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { apiClient, signUp } from '../../testing/test-server.ts';
import { stripeSubscription, stripeWebhookSender } from './testing/stripe-webhook-sender.ts';
import { useStripeServer } from './testing/use-stripe-server.ts';

const DAY = 86_400;
const HOUR_MS = 3_600_000;

/**
 * Cancelling in Stripe's customer portal: by default the subscription stays active to the end of
 * the paid period (`cancel_at_period_end`), and Stripe ends it then.
 */
describe('Stripe billing: a cancellation scheduled for the period end', () => {
  let now = Date.UTC(2026, 10, 20, 10, 0);
  const { server } = useStripeServer({ clock: () => now });

  const send = stripeWebhookSender(() => server.url, 'evt_cancel');
  const start = Math.floor(now / 1000);
  const periodEnd = start + 30 * DAY;
  const subscription = (accountId: string, cancel: boolean) =>
    stripeSubscription('sub_cancel', accountId, 'active', {
      start,
      customer: 'cus_cancel',
      cancel_at_period_end: cancel,
      cancel_at: cancel ? periodEnd : null,
    });

  test('the plan says when it ends instead of a next billing date, and closes then', async () => {
    const user = await signUp(server);
    const deliver = async (type: string, cancel: boolean, created: number) => {
      const res = await send(type, subscription(user.accountId, cancel), created);
      assert.equal(res.status, 200, res.payload);
      assert.equal(res.body.applied, true);
    };
    const overview = async () => (await user.api.expectOk(endpoints.billing.overview)).subscription;

    await deliver('customer.subscription.created', false, start);
    const renewing = await overview();
    assert.equal(renewing?.is_active, true);
    assert.equal(renewing?.cancel_at, null);
    assert.equal(renewing?.current_period_end, new Date(periodEnd * 1000).toISOString());

    // Cancelled in the portal: still active, but it ends at the period's end and bills no more.
    await deliver('customer.subscription.updated', true, start + DAY);
    const ending = await overview();
    assert.equal(ending?.status, 'active');
    assert.equal(ending?.is_active, true);
    assert.equal(ending?.cancel_at, new Date(periodEnd * 1000).toISOString());

    // Renewed again before the end ("Don't cancel" in the portal), then cancelled once more.
    await deliver('customer.subscription.updated', false, start + 2 * DAY);
    assert.equal((await overview())?.cancel_at, null);
    await deliver('customer.subscription.updated', true, start + 3 * DAY);
    assert.equal((await overview())?.cancel_at, new Date(periodEnd * 1000).toISOString());

    // An hour past the end, Stripe's customer.subscription.deleted not here yet: a subscription
    // that was not going to renew gets no renewal grace (decision 081's is for renewals).
    now = periodEnd * 1000 + HOUR_MS;
    // Sessions last 30 days, as long as the period: sign in again.
    const session = await apiClient(server.url).expectOk(endpoints.auth.login, {
      body: { email: user.email, password: user.password },
    });
    const api = apiClient(server.url, session.token);
    const gate = await api('GET', '/v1/analytics');
    assert.equal(gate.status, 402);
    assert.match(gate.body.message, /canceled/);
    const status = await api.expectOk(endpoints.auth.subscriptionStatus);
    assert.equal(status.has_active_subscription, false);
    const ended = (await api.expectOk(endpoints.billing.overview)).subscription;
    assert.equal(ended?.is_active, false);
    // Stripe ends it at cancel_at: it is not 'active' beside 'Subscription inactive'.
    assert.equal(ended?.status, 'canceled');
  });
});
