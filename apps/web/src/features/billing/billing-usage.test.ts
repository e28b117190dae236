/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Subscription, Usage } from '@tokenwise/contracts';
import { quotaUsage } from './billing-usage.ts';

const subscription: Subscription = {
  tier: 'paid',
  status: 'active',
  monthly_fee: 89,
  monthly_token_quota: 1_000,
  savings_percentage: 25,
  is_active: true,
  trial_ends_at: null,
  current_period_start: '2025-03-01T00:00:00.000Z',
  current_period_end: '2025-03-31T00:00:00.000Z',
  cancel_at: null,
};

function usage(overrides: Partial<Usage> = {}): Usage {
  return {
    period_start: '2025-03-01T00:00:00.000Z',
    period_end: '2025-03-31T00:00:00.000Z',
    total_requests: 0,
    optimized_requests: 0,
    passthrough_requests: 0,
    failed_requests: 0,
    total_original_tokens: 0,
    total_optimized_tokens: 0,
    total_tokens_saved: 0,
    total_cost_saved: 0,
    savings_percentage: 0,
    estimated_bill: null,
    ...overrides,
  };
}

describe('quota bar', () => {
  test('stays normal below 80% of the quota', () => {
    const q = quotaUsage(usage({ total_optimized_tokens: 799 }), subscription);
    assert.equal(q.level, 'normal');
    assert.equal(q.used, 799);
    assert.equal(q.quota, 1_000);
  });

  test('warns from 80% and turns to passthrough from 100%', () => {
    assert.equal(quotaUsage(usage({ total_optimized_tokens: 800 }), subscription).level, 'warning');
    assert.equal(quotaUsage(usage({ total_optimized_tokens: 999 }), subscription).level, 'warning');
    assert.equal(
      quotaUsage(usage({ total_optimized_tokens: 1_000 }), subscription).level,
      'exceeded',
    );
    const over = quotaUsage(usage({ total_optimized_tokens: 1_500 }), subscription);
    assert.equal(over.level, 'exceeded');
    assert.equal(over.percent, 150);
  });

  test('a plan without a quota never warns', () => {
    const q = quotaUsage(usage({ total_optimized_tokens: 50 }), {
      ...subscription,
      monthly_token_quota: 0,
    });
    assert.equal(q.percent, 0);
    assert.equal(q.level, 'normal');
  });
});
