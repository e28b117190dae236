import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sortSmall } from './sort-small.ts';

/** Deterministic numbers, with many ties. */
function numbers(count: number, seed: number, spread: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * spread);
  });
}

describe('sortSmall', () => {
  it('orders arrays of every length as the built-in sort does, ties, runs and NaN included', () => {
    type Item = { key: number; at: number };
    const comparators: ((a: Item, b: Item) => number)[] = [
      (a, b) => a.key - b.key,
      (a, b) => b.key - a.key,
      // Inconsistent: a NaN comparison counts as equal to the built-in sort.
      (a, b) => (a.key === 3 || b.key === 3 ? Number.NaN : a.key - b.key),
    ];
    for (let n = 0; n <= 70; n += 1) {
      for (const spread of [2, 5, 1000]) {
        const keys = numbers(n, n * 31 + spread, spread);
        const shapes = [keys, [...keys].sort((a, b) => a - b), [...keys].sort((a, b) => b - a)];
        for (const shape of shapes) {
          for (const compare of comparators) {
            const items = shape.map((key, at) => ({ key, at }));
            const theirs = [...items].sort(compare).map((i) => i.at);
            assert.deepEqual(
              sortSmall(items, compare).map((i) => i.at),
              theirs,
              `n=${n}`,
            );
          }
        }
      }
    }
  });
});
