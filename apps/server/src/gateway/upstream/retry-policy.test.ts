import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_RETRY_AFTER_MS, retryAfterMs, retryDelayMs } from './retry-policy.ts';

test('retry-after is read from retry-after-ms, seconds or an HTTP date', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  assert.equal(retryAfterMs({ 'retry-after-ms': '1500', 'retry-after': '9' }, now), 1500);
  assert.equal(retryAfterMs({ 'retry-after': '2' }, now), 2000);
  assert.equal(retryAfterMs({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }, now), 3000);
  assert.equal(retryAfterMs({ 'retry-after': 'soon' }, now), undefined);
  assert.equal(retryAfterMs({}, now), undefined);
});

test("the provider's wait is kept when short and means give up when too long", () => {
  assert.equal(retryDelayMs(1, 250, 800), 800);
  assert.equal(retryDelayMs(1, 250, MAX_RETRY_AFTER_MS + 1), undefined);
});

test('backoff doubles per attempt, jittered within the upper half, and is capped', () => {
  const low = (attempt: number) => retryDelayMs(attempt, 100, undefined, () => 0);
  const high = (attempt: number) => retryDelayMs(attempt, 100, undefined, () => 1);
  assert.deepEqual([low(1), high(1)], [50, 100]);
  assert.deepEqual([low(2), high(2)], [100, 200]);
  assert.deepEqual([low(3), high(3)], [200, 400]);
  assert.ok((high(20) ?? Infinity) <= 8_000);
});
