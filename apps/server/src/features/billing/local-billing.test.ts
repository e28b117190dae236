import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const DAY = 86_400_000;

describe('local billing (no STRIPE_SECRET_KEY)', () => {
  let now = Date.UTC(2026, 10, 2, 10);
  const server = useTestServer({ clock: () => now });

  test('a first checkout starts the 14-day trial, which then renews as a paid month', async () => {
    const user = await signUp(server);
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const trial = (await user.api.expectOk(endpoints.billing.overview)).subscription;
    assert.equal(trial?.status, 'trialing');
    assert.equal(trial?.trial_ends_at, new Date(now + 14 * DAY).toISOString());
    assert.equal(trial?.current_period_end, trial?.trial_ends_at);
    now += 15 * DAY;
    const paid = (await user.api.expectOk(endpoints.billing.overview)).subscription;
    assert.equal(paid?.status, 'active');
    assert.equal(paid?.is_active, true);
  });

  test("the spec's /billing reads: null before any plan (no failed request), the plan and its usage after checkout", async () => {
    const user = await signUp(server);
    const params = { accountId: user.accountId };
    const none = await user.api('GET', `/v1/admin/subscriptions/user/${user.accountId}`);
    assert.deepEqual([none.status, none.body], [200, null]);
    const noUsage = await user.api('GET', `/v1/admin/usage/${user.accountId}`);
    assert.deepEqual([noUsage.status, noUsage.body], [200, null]);

    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const sub = await user.api.expectOk(endpoints.billing.subscription, { params });
    assert.equal(sub?.status, 'trialing');
    assert.equal((await user.api.expectOk(endpoints.billing.usage, { params }))?.total_requests, 0);
    // Another account's plan stays hidden, as before.
    const stranger = await signUp(server);
    const foreign = await stranger.api('GET', `/v1/admin/subscriptions/user/${user.accountId}`);
    assert.equal(foreign.status, 404);
  });

  test('an account whose subscription ended pays from the first day: its plan is active, not a trial', async () => {
    const user = await signUp(server);
    // The account's Stripe subscription was canceled before this server stopped using Stripe.
    await server.deps.db.kysely
      .insertInto('subscriptions')
      .values({
        id: `sub-${user.accountId}`,
        account_id: user.accountId,
        tier: 'paid',
        status: 'canceled',
        provider: 'stripe',
        external_customer_id: 'cus_gone',
        external_subscription_id: 'sub_gone',
        monthly_fee: 89,
        monthly_token_quota: 30_000_000,
        savings_percentage: 25,
        trial_ends_at: now - 60 * DAY,
        current_period_start: now - 40 * DAY,
        current_period_end: now - 10 * DAY,
        created_at: now - 60 * DAY,
        updated_at: now - 10 * DAY,
      })
      .execute();
    assert.equal((await user.api('GET', '/v1/analytics')).status, 402);

    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const sub = (await user.api.expectOk(endpoints.billing.overview)).subscription;
    assert.equal(sub?.status, 'active', 'no second trial, so /billing must not say Free Trial');
    assert.equal(sub?.trial_ends_at, null);
    assert.equal(sub?.is_active, true);
    assert.equal(sub?.current_period_start, new Date(now).toISOString());
    assert.equal((await user.api('GET', '/v1/analytics')).status, 200);
  });
});
