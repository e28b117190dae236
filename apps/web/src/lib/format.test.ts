/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatCurrency } from './format.ts';

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
