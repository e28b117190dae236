import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baselineMode, canSetSampleRate } from './baseline-mode.ts';

test('0 optimizes every request', () => {
  assert.equal(baselineMode(0).label, 'All requests optimized');
});

test('between 1 and 99 the rate is an A/B split, stated both ways', () => {
  for (const rate of [1, 5, 50, 99]) assert.equal(baselineMode(rate).label, 'A/B testing');
  assert.match(baselineMode(15).description, /15% of requests .* the other 85%/);
});

test('100 passes every request through unoptimized', () => {
  assert.equal(baselineMode(100).label, 'Pass-through');
});

test('only owners and admins are offered the slider, as only they may save it (403 otherwise)', () => {
  const roles = ['owner', 'admin', 'member', 'read_only'] as const;
  assert.deepEqual(roles.filter(canSetSampleRate), ['owner', 'admin']);
  assert.equal(canSetSampleRate(undefined), false, 'no stored account, no controls');
});
