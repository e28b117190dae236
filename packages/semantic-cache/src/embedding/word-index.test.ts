import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WordIndex } from './word-index.ts';

describe('WordIndex', () => {
  it('answers what a Map of the same words would, past a full table and a grown buffer', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i.toString(36)}${'é'.repeat(i % 3)}`);
    const index = new WordIndex(words.length);
    const map = new Map<string, number>();
    words.forEach((word, rank) => {
      assert.equal(index.set(word, rank), true);
      map.set(word, rank);
    });
    index.trim();
    for (const word of [...words, 'missing', '', 'w0é', 'w1'])
      assert.equal(index.get(word), map.get(word));
  });

  it('gives a word seen twice its latest rank and counts it once', () => {
    const index = new WordIndex(4);
    assert.equal(index.set('the', 0), true);
    assert.equal(index.set('of', 1), true);
    assert.equal(index.set('the', 2), false);
    assert.equal(index.get('the'), 2);
    assert.equal(index.get('of'), 1);
  });
});
