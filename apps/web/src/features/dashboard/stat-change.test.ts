import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChange } from './stat-change.ts';

test('a change is shown with its sign and one decimal', () => {
  assert.deepEqual(describeChange(12.345), { text: '+12.3%', tone: 'good' });
  assert.deepEqual(describeChange(-4), { text: '-4.0%', tone: 'bad' });
});

test('for latency a decrease is the good direction', () => {
  assert.deepEqual(describeChange(-8.06, true), { text: '-8.1%', tone: 'good' });
  assert.deepEqual(describeChange(3.2, true), { text: '+3.2%', tone: 'bad' });
});

test('no previous period means no change is shown, and a tiny one reads as flat', () => {
  assert.deepEqual(describeChange(null), { text: null, tone: 'neutral' });
  assert.deepEqual(describeChange(-0.04), { text: '0.0%', tone: 'neutral' });
  assert.deepEqual(describeChange(0.04, true), { text: '0.0%', tone: 'neutral' });
});

test('a change past 1,000% has thousands separators', () => {
  assert.deepEqual(describeChange(123_400), { text: '+123,400.0%', tone: 'good' });
  assert.deepEqual(describeChange(-1_234.56, true), { text: '-1,234.6%', tone: 'good' });
});
