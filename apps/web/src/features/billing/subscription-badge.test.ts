/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Subscription } from '@tokenwise/contracts';
import { subscriptionBadge } from './subscription-badge.ts';

const base: Subscription = {
  tier: 'paid',
  status: 'active',
  monthly_fee: 89,
  monthly_token_quota: 30_000_000,
  savings_percentage: 25,
  is_active: true,
  trial_ends_at: null,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  cancel_at: null,
};

describe('the subscription badge on /billing', () => {
  test('a live plan shows its status', () => {
    assert.deepEqual(subscriptionBadge(base), { label: 'Active', color: 'green' });
    assert.deepEqual(subscriptionBadge({ ...base, status: 'trialing' }), {
      label: 'Free Trial',
      color: 'blue',
    });
  });

  test('a closed plan shows why', () => {
    const closed = { ...base, is_active: false };
    assert.equal(subscriptionBadge({ ...closed, status: 'past_due' }).label, 'Past Due');
    assert.equal(subscriptionBadge({ ...closed, status: 'unpaid' }).label, 'Unpaid');
    assert.equal(subscriptionBadge({ ...closed, status: 'paused' }).label, 'Paused');
    assert.equal(
      subscriptionBadge({ ...closed, status: 'incomplete' }).label,
      'Payment Incomplete',
    );
    assert.equal(subscriptionBadge({ ...closed, status: 'canceled' }).label, 'Canceled');
  });

  test('a plan closed with no word from the provider is not shown as Active or Free Trial', () => {
    // Its renewal never came within the grace: the card says 'Subscription inactive' beside it.
    for (const status of ['active', 'trialing'] as const) {
      assert.deepEqual(subscriptionBadge({ ...base, status, is_active: false }), {
        label: 'Inactive',
        color: 'gray',
      });
    }
  });
});
