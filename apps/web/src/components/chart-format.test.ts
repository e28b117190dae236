import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  chartAxisCurrencyFormatter,
  chartBucketLabel,
  chartCurrencyFormatter,
} from './chart-format.ts';

test('a day bucket is labelled with its UTC calendar day, whatever the viewer zone', () => {
  assert.equal(chartBucketLabel('2025-03-05T00:00:00.000Z', 'day'), 'Mar 5');
  assert.equal(chartBucketLabel('2025-01-01', 'day'), 'Jan 1');
});

test('hour buckets carry their hour, so neighbours read differently', () => {
  const two = chartBucketLabel('2025-03-05T14:00:00.000Z', 'hour');
  assert.match(two, /\d{1,2} (AM|PM)$/);
  assert.notEqual(two, chartBucketLabel('2025-03-05T15:00:00.000Z', 'hour'));
});

test('an hour bucket in a zone off UTC by half an hour names the minute it starts at', () => {
  assert.equal(
    chartBucketLabel('2025-03-05T08:00:00.000Z', 'hour', 'Asia/Kolkata'),
    'Mar 5, 1:30 PM',
  );
  assert.equal(chartBucketLabel('2025-03-05T08:00:00.000Z', 'hour', 'Europe/Paris'), 'Mar 5, 9 AM');
});

test('an unreadable bucket is shown as the server sent it', () => {
  assert.equal(chartBucketLabel('week 12', 'day'), 'week 12');
});

test('chart dollars keep cents for real money and show fractions of a cent otherwise', () => {
  assert.equal(chartCurrencyFormatter([0.5, 12.345])(12.345), '$12.35');
  assert.equal(chartCurrencyFormatter([0.000125, 0.0004])(0.000125), '$0.0001');
  assert.equal(chartCurrencyFormatter([])(0), '$0.0000');
});

test('axis ticks a step of $0.00015 apart read as equal steps, not $0.0002, $0.0003, $0.0005', () => {
  const tick = chartAxisCurrencyFormatter([0.000431]);
  assert.deepEqual([0, 0.00015, 0.0003, 0.00045, 0.0006].map(tick), [
    '$0.0000',
    '$0.00015',
    '$0.0003',
    '$0.00045',
    '$0.0006',
  ]);
  assert.equal(chartAxisCurrencyFormatter([3])(2.5), '$2.50');
  // Not a round tick: rounded as the tooltip rounds it.
  assert.equal(chartAxisCurrencyFormatter([0.0004])(0.000123456), '$0.0001');
});
