import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tightestRateLimits } from './tightest-rate-limits.ts';

test("Anthropic's limits are joined per unit, each trio from the call with the least left", () => {
  const first = {
    'anthropic-ratelimit-input-tokens-limit': '400000',
    'anthropic-ratelimit-input-tokens-remaining': '1000',
    'anthropic-ratelimit-input-tokens-reset': '2026-12-02T10:00:30Z',
    'anthropic-ratelimit-requests-remaining': '3999',
    'anthropic-ratelimit-requests-reset': '2026-12-02T10:00:01Z',
  };
  const second = {
    'anthropic-ratelimit-input-tokens-limit': '400000',
    'anthropic-ratelimit-input-tokens-remaining': '398000',
    'anthropic-ratelimit-input-tokens-reset': '2026-12-02T10:00:02Z',
    'anthropic-ratelimit-requests-remaining': '3998',
    'anthropic-ratelimit-requests-reset': '2026-12-02T10:00:02Z',
  };
  assert.deepEqual(tightestRateLimits([first, undefined, second]), {
    'anthropic-ratelimit-input-tokens-limit': '400000',
    'anthropic-ratelimit-input-tokens-remaining': '1000',
    'anthropic-ratelimit-input-tokens-reset': '2026-12-02T10:00:30Z',
    'anthropic-ratelimit-requests-remaining': '3998',
    'anthropic-ratelimit-requests-reset': '2026-12-02T10:00:02Z',
  });
});

test('a call that read a count ranks before one that did not; ties keep the earlier call', () => {
  const noCount = { 'x-ratelimit-limit-tokens': '100', 'x-ratelimit-reset-tokens': '1s' };
  const counted = { 'x-ratelimit-remaining-tokens': '50', 'x-ratelimit-reset-tokens': '9s' };
  assert.deepEqual(tightestRateLimits([noCount, counted]), counted);
  const later = { 'x-ratelimit-remaining-tokens': '50', 'x-ratelimit-reset-tokens': '2s' };
  assert.deepEqual(tightestRateLimits([counted, later]), counted);
});

test('no readings, no headers; a name of neither form is its own limit (the first call that has it)', () => {
  assert.equal(tightestRateLimits([undefined, undefined]), undefined);
  assert.deepEqual(
    tightestRateLimits([{ 'x-ratelimit-bucket': 'a' }, { 'x-ratelimit-bucket': 'b' }]),
    {
      'x-ratelimit-bucket': 'a',
    },
  );
});

test('a remaining that is no count (empty, blank, hex) ranks after a real one (review of 242)', () => {
  // Before: Number('') and Number(' ') read 0 and Number('0x10') 16, so an empty header beat a
  // real 4000 and its window's reset went out as the tightest.
  const counted = { 'x-ratelimit-remaining-tokens': '4000', 'x-ratelimit-reset-tokens': '45s' };
  for (const noCount of ['', ' ', '0x10', 'unlimited']) {
    const odd = { 'x-ratelimit-remaining-tokens': noCount, 'x-ratelimit-reset-tokens': '1s' };
    assert.deepEqual(tightestRateLimits([counted, odd]), counted, JSON.stringify(noCount));
  }
});

test('unitless x-ratelimit-limit / -remaining / -reset are one limit, the tightest trio kept (review of 242)', () => {
  // OpenAI-compatible vendors and the drafts' common form name no unit. Before: each name was a
  // limit of its own from the first call, so 4000 left hid the other prompt's 3.
  const plenty = {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4000',
    'x-ratelimit-reset': '45',
  };
  const short = {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '3',
    'x-ratelimit-reset': '1',
  };
  assert.deepEqual(tightestRateLimits([plenty, short]), short);
  // Beside the unit-named ones, each stays its own limit.
  const both = { ...plenty, 'x-ratelimit-remaining-requests': '9' };
  assert.deepEqual(tightestRateLimits([both, short]), {
    ...short,
    'x-ratelimit-remaining-requests': '9',
  });
});
