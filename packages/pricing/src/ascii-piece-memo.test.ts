import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AsciiPieceMemo, NOT_KEPT } from './ascii-piece-memo.ts';

describe('AsciiPieceMemo', () => {
  it('gives back the count kept for a piece, read in place from any text', () => {
    const memo = new AsciiPieceMemo(4);
    assert.equal(memo.get('say hello', 3, 9), -1);
    memo.set('say hello', 3, 9, 1);
    assert.equal(memo.get(' hello there', 0, 6), 1);
    assert.equal(memo.get('say hello', 3, 8), -1, 'a prefix is another piece');
    assert.equal(memo.get('say Hello', 3, 9), -1, 'case counts');
  });

  it('keeps pieces apart whose slots collide', () => {
    const memo = new AsciiPieceMemo(1_000);
    const pieces = Array.from({ length: 600 }, (_, i) => `w${i.toString(36)}x`);
    for (const [i, p] of pieces.entries()) memo.set(p, 0, p.length, (i % 7) + 1);
    for (const [i, p] of pieces.entries()) assert.equal(memo.get(p, 0, p.length), (i % 7) + 1, p);
  });

  it('keeps no piece outside ASCII or over its length', () => {
    const memo = new AsciiPieceMemo(4);
    const long = 'x'.repeat(64);
    memo.set('café', 0, 4, 2);
    memo.set(long, 0, 64, 8);
    assert.equal(memo.get('café', 0, 4), NOT_KEPT);
    assert.equal(memo.get(long, 0, 64), NOT_KEPT);
  });

  it('starts empty again once full', () => {
    const memo = new AsciiPieceMemo(2);
    memo.set('a', 0, 1, 1);
    memo.set('b', 0, 1, 1);
    assert.equal(memo.get('a', 0, 1), 1);
    memo.set('c', 0, 1, 1);
    assert.equal(memo.get('a', 0, 1), -1);
    assert.equal(memo.get('c', 0, 1), 1);
  });
});
