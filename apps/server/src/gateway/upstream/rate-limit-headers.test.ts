import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rateLimitHeaders } from './rate-limit-headers.ts';

test('only rate-limit headers pass, and none is no object at all', () => {
  assert.equal(rateLimitHeaders({ 'content-type': 'application/json' }), undefined);
  assert.deepEqual(
    rateLimitHeaders({
      'x-ratelimit-remaining-requests': '9',
      'anthropic-ratelimit-tokens-reset': '2026-12-02T10:00:01Z',
      'set-cookie': ['a=1'],
      'x-request-id': 'req_1',
    }),
    {
      'x-ratelimit-remaining-requests': '9',
      'anthropic-ratelimit-tokens-reset': '2026-12-02T10:00:01Z',
    },
  );
});

test('a value too long to be a reading is left out, and so are names past the bound', () => {
  assert.equal(rateLimitHeaders({ 'x-ratelimit-remaining-tokens': '9'.repeat(65) }), undefined);
  const many = Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [`x-ratelimit-n-${i}`, String(i)]),
  );
  assert.equal(Object.keys(rateLimitHeaders(many) ?? {}).length, 24);
});
