import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sortsFirst } from './sorts-first.ts';

describe('sortsFirst (decision 204)', () => {
  const bySimilarity = (a: { s: number }, b: { s: number }) => b.s - a.s;

  it('answers as sorting a copy does, ties included', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 2_000; round++) {
      // Few distinct values, so ties before and after the item are common.
      const list = Array.from({ length: 1 + (next() % 6) }, () => ({ s: (next() % 4) / 4 }));
      for (const item of list) {
        const sorted = [...list].sort(bySimilarity)[0] === item;
        assert.equal(sortsFirst(item, list, bySimilarity), sorted, JSON.stringify(list));
      }
    }
  });

  it('answers no when a comparison is NaN', () => {
    const first = { s: 0.5 };
    assert.equal(sortsFirst(first, [first, { s: Number.NaN }], bySimilarity), false);
  });
});
