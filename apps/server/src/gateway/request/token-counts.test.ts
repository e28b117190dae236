import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countWith } from '@tokenwise/pricing';
import { TokenCounts } from './token-counts.ts';

describe('TokenCounts', () => {
  test('gives the exact count of a text, per encoding', () => {
    const counts = new TokenCounts();
    const text = 'Compare the rollout plans for Lisbon and Porto, in three bullet points.';
    assert.equal(counts.count('o200k_base', text), countWith('o200k_base', text));
    assert.equal(counts.count('cl100k_base', text), countWith('cl100k_base', text));
  });

  test('a text equal to one counted before is read back, not tokenised again', () => {
    const counts = new TokenCounts();
    const counter = counts.counter('o200k_base');
    const first = counter('one two three four');
    // An equal string built anew (as difficulty scoring joins message texts) hits the same entry.
    const again = counter(['one two three', 'four'].join(' '));
    assert.equal(again, first);
    assert.equal(
      (counts as unknown as { byEncoding: Map<string, Map<string, number>> }).byEncoding.get(
        'o200k_base',
      )?.size,
      1,
    );
  });
});
