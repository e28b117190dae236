/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatQuotaPercent, usageBarColor, usageBarWidth } from './usage-bar.ts';

describe('admin usage bar', () => {
  test('green up to 75%, yellow above 75% up to 90%, red above 90%', () => {
    assert.equal(usageBarColor(0), 'green');
    assert.equal(usageBarColor(75), 'green');
    assert.equal(usageBarColor(75.01), 'yellow');
    assert.equal(usageBarColor(90), 'yellow');
    assert.equal(usageBarColor(90.1), 'red');
    assert.equal(usageBarColor(250), 'red');
  });

  test('the width is capped at 100% and never negative', () => {
    assert.equal(usageBarWidth(42.5), 42.5);
    assert.equal(usageBarWidth(100), 100);
    assert.equal(usageBarWidth(180), 100);
    assert.equal(usageBarWidth(-5), 0);
  });

  test('percentages have one decimal; a missing quota says so', () => {
    assert.equal(formatQuotaPercent(12.345), '12.3%');
    assert.equal(formatQuotaPercent(0), '0.0%');
    // Rounded down (decision 088): 99.96% of the quota has not reached 100%.
    assert.equal(formatQuotaPercent(99.96), '99.9%');
    assert.equal(formatQuotaPercent(75.04), '75.0%');
    assert.equal(formatQuotaPercent(null), 'No quota');
  });
});
