import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CacheKeyInput } from '@tokenwise/semantic-cache';
import { CLEARS_KEPT_MS, ClearsInFlight } from './clears-in-flight.ts';

const keyOf = (accountId: string): CacheKeyInput => ({
  accountId,
  provider: 'openai',
  modelFamily: 'gpt-4o-mini',
  messages: [],
  params: {},
});

test('a clear covers keys made before it, in its account, for the prompts it matches', () => {
  const clears = new ClearsInFlight();
  const before = keyOf('a');
  const otherAccount = keyOf('b');
  clears.begin(before);
  clears.begin(otherAccount);
  clears.cleared('a', 0, '*river*');
  const after = keyOf('a');
  clears.begin(after);
  assert.equal(clears.covers(before, 'which river is longest?'), true);
  assert.equal(clears.covers(before, 'which desert is largest?'), false);
  assert.equal(clears.covers(after, 'which river is longest?'), false);
  assert.equal(clears.covers(otherAccount, 'which river is longest?'), false);
  clears.cleared('a', 0);
  assert.equal(clears.covers(before, 'which desert is largest?'), true);
});

test('old clears are forgotten, and so are the accounts left with none', () => {
  const clears = new ClearsInFlight();
  for (let i = 0; i < 1000; i++) clears.cleared(`account-${i}`, 0);
  clears.forgetOld(CLEARS_KEPT_MS - 1);
  assert.equal(clears.accounts(), 1000);
  clears.forgetOld(CLEARS_KEPT_MS);
  assert.equal(clears.accounts(), 0);
});

test('past the clears an account keeps, a key older than the forgotten ones stores nothing', () => {
  const clears = new ClearsInFlight();
  const old = keyOf('a');
  clears.begin(old);
  for (let i = 0; i < 100; i++) clears.cleared('a', 0, `*nothing-like-${i}*`);
  assert.equal(clears.covers(old, 'an unrelated prompt'), true);
});
