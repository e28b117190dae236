import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ANALYTICS_PAGE_SIZE,
  AnalyticsExportQuery,
  AnalyticsQuery,
  FILTER_TEXT_MAX_CHARS,
  PROVIDERS,
  queryString,
} from '@tokenwise/contracts';
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

test('a search or model longer than the server takes still loads the table and the exports', () => {
  // A pasted prompt of 300 characters was sent whole: the server refused it (400), and the error
  // replaced the whole table, its filters included, with a Retry that asked the same again.
  const pasted = `${'Summarize the following support ticket and suggest a reply. '.repeat(5)}😀 tail`;
  const filters = { ...NO_FILTERS, search: pasted, model: ` ${'m'.repeat(199)}😀 ` };
  const list = AnalyticsQuery.safeParse(analyticsQuery('30d', filters));
  assert.equal(list.success, true, list.error?.message);
  const file = AnalyticsExportQuery.safeParse(exportQuery('30d', filters));
  assert.equal(file.success, true, file.error?.message);
  // What is sent is the start of the text, never half an emoji (which no URL can carry).
  const sent = analyticsQuery('30d', filters);
  assert.equal(sent.search, pasted.slice(0, FILTER_TEXT_MAX_CHARS).trim());
  assert.equal(sent.model, 'm'.repeat(199));
  assert.doesNotThrow(() => analyticsQueryString('30d', filters));
});
