import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../../types.ts';
import { webSearchTool } from '../anthropic/web-search.ts';
import { checkWebSearchOptions } from './web-search-options.ts';

const refusedAt = (param: string) => (err: unknown) =>
  err instanceof GatewayError && err.status === 400 && err.param === param;

// One body, one answer, whichever provider serves it: Claude's mapping and Gemini's check read
// the option through the same shape check.
test('a malformed web_search_options is the same 400 for Claude and for Gemini', () => {
  const cases: [unknown, string][] = [
    [[], 'web_search_options'],
    [{ user_location: [] }, 'web_search_options.user_location'],
    [{ user_location: { approximate: 5 } }, 'web_search_options.user_location'],
    [
      { user_location: { approximate: { city: 42 } } },
      'web_search_options.user_location.approximate.city',
    ],
    [{ search_context_size: 'huge' }, 'web_search_options.search_context_size'],
  ];
  for (const [options, param] of cases) {
    assert.throws(() => checkWebSearchOptions(options), refusedAt(param), JSON.stringify(options));
    assert.throws(() => webSearchTool(options), refusedAt(param), JSON.stringify(options));
  }
});

test('a well-formed location passes both and reaches Claude as its approximate fields', () => {
  const options = {
    search_context_size: 'low',
    user_location: { type: 'approximate', approximate: { city: 'Lyon', country: 'FR' } },
  };
  checkWebSearchOptions(options);
  assert.deepEqual(webSearchTool(options), {
    type: 'web_search_20250305',
    name: 'web_search',
    max_uses: 1,
    user_location: { type: 'approximate', city: 'Lyon', country: 'FR' },
  });
});
