/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatCurrency, formatPercent, formatShowing, quotaShare } from './format.ts';

describe('formatCurrency', () => {
  test('a cost the gateway added reads as a minus amount of dollars', () => {
    // A Mini model raised to Core for a complex task saves a negative amount (decision 084).
    assert.equal(formatCurrency(-0.00047, 4), '-$0.0005');
    assert.equal(formatCurrency(-1234.5), '-$1,234.50');
    assert.equal(formatCurrency(1234.5), '$1,234.50');
  });

  test('an amount that rounds to zero has no sign', () => {
    assert.equal(formatCurrency(-0.001), '$0.00');
    assert.equal(formatCurrency(0), '$0.00');
  });
});

describe('quotaShare', () => {
  test('rounds down to 1 decimal, so a limit shows only once it is reached', () => {
    assert.equal(quotaShare((23_999_999 / 30_000_000) * 100), 79.9);
    assert.equal(quotaShare((29_999_999 / 30_000_000) * 100), 99.9);
    assert.equal(quotaShare((24_000_000 / 30_000_000) * 100), 80);
    assert.equal(quotaShare(79.99999999999999), 80, 'float noise on an exact 80%');
    assert.equal(quotaShare(0), 0);
    assert.equal(quotaShare(150), 150);
  });
});

describe('formatShowing', () => {
  test('both counts of a long list have thousands separators', () => {
    assert.equal(formatShowing(1050, 1234, 'users'), 'Showing 1,050 of 1,234 total users');
    assert.equal(
      formatShowing(1000, 1000, 'evaluations', true),
      'Showing 1,000 of 1,000+ total evaluations',
    );
    assert.equal(formatShowing(0, 0, 'accounts'), 'Showing 0 of 0 total accounts');
  });
});

describe('formatPercent', () => {
  test('one decimal, separators past 1,000, no sign on a share that rounds to zero', () => {
    assert.equal(formatPercent(12.345), '12.3%');
    assert.equal(formatPercent(1500), '1,500.0%');
    assert.equal(formatPercent(-10.64), '-10.6%');
    assert.equal(formatPercent(-0.04), '0.0%');
    assert.equal(formatPercent(0), '0.0%');
  });

  test('rounds as the eval reports print (toFixed), not the shortest decimal form', () => {
    // 0.3765 and 0.9205 are eval result shares; × 100 they sit just under the half.
    assert.equal(formatPercent(0.3765 * 100), '37.6%');
    assert.equal(formatPercent(0.9205 * 100), '92.0%');
  });
});
