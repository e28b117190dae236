/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_TTL_SECONDS, ttlLabel, ttlOptions } from './cache-settings.ts';

describe('cache settings', () => {
  test('the TTL select offers the six spec durations in words, default one hour', () => {
    assert.deepEqual(
      ttlOptions().map((o) => [o.value, o.label]),
      [
        ['900', '15 minutes'],
        ['1800', '30 minutes'],
        ['3600', '1 hour'],
        ['7200', '2 hours'],
        ['14400', '4 hours'],
        ['86400', '24 hours'],
      ],
    );
    assert.equal(ttlLabel(DEFAULT_TTL_SECONDS), '1 hour');
  });

  test('a TTL set through the API that is not a spec choice still shows, in order', () => {
    const options = ttlOptions(5400);
    assert.equal(options.length, 7);
    assert.deepEqual(
      options.slice(2, 5).map((o) => o.label),
      ['1 hour', '90 minutes', '2 hours'],
    );
    assert.equal(ttlOptions(3600).length, 6, 'a spec value is not added twice');
    assert.equal(ttlLabel(90), '90 seconds');
  });
});
