import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANALYTICS_PAGE_SIZE, PROVIDERS, queryString } from '@tokenwise/contracts';
import {
  analyticsQuery,
  exportQuery,
  FILTER_PROVIDERS,
  hasActiveFilters,
  NO_FILTERS,
} from './analytics-filters.ts';

const analyticsQueryString = (...args: Parameters<typeof analyticsQuery>) =>
  queryString(analyticsQuery(...args));
const exportQueryString = (...args: Parameters<typeof exportQuery>) =>
  queryString(exportQuery(...args));

test('the first page asks for the period with comparison and one page of rows', () => {
  const params = new URLSearchParams(analyticsQueryString('7d', NO_FILTERS));
  assert.equal(params.get('time_range'), '7d');
  assert.equal(params.get('compare'), 'true');
  assert.equal(params.get('limit'), String(ANALYTICS_PAGE_SIZE));
  assert.equal(params.has('cursor'), false);
  for (const key of ['provider', 'model', 'cache_status', 'status', 'search']) {
    assert.equal(params.has(key), false, `${key} is not sent when blank`);
  }
});

test('Load More sends the cursor with the same filters and no comparison', () => {
  const filters = { ...NO_FILTERS, status: 'error' as const, model: '  gpt-4o  ' };
  const params = new URLSearchParams(analyticsQueryString('30d', filters, 'abc'));
  assert.equal(params.get('cursor'), 'abc');
  assert.equal(params.get('compare'), 'false');
  assert.equal(params.get('status'), 'error');
  assert.equal(params.get('model'), 'gpt-4o', 'typed text is trimmed');
});

test('filters count as active only when one holds more than spaces', () => {
  assert.equal(hasActiveFilters(NO_FILTERS), false);
  assert.equal(hasActiveFilters({ ...NO_FILTERS, search: '   ' }), false);
  assert.equal(hasActiveFilters({ ...NO_FILTERS, provider: 'groq' }), true);
});

test('an export covers the period and exactly the rows the filters show', () => {
  const all = new URLSearchParams(exportQueryString('90d', NO_FILTERS));
  assert.deepEqual([...all.keys()], ['time_range']);
  assert.equal(all.get('time_range'), '90d');
  const errors = new URLSearchParams(
    exportQueryString('24h', { ...NO_FILTERS, status: 'error', search: ' timeout ' }),
  );
  assert.equal(errors.get('status'), 'error');
  assert.equal(errors.get('search'), 'timeout');
  assert.equal(errors.has('cursor'), false);
});

test('the provider filter offers every provider the gateway knows, once', () => {
  assert.deepEqual([...FILTER_PROVIDERS].sort(), [...PROVIDERS].sort());
});
