import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlatPartition } from './flat-partition.ts';

const DIMS = 4;

describe('FlatPartition.search', () => {
  it('returns what sorting every row would, ties in row order', () => {
    const partition = new FlatPartition(DIMS);
    const rows: [string, Float32Array][] = [];
    // Few distinct directions, so many rows tie.
    for (let i = 0; i < 200; i++) {
      const v = new Float32Array(DIMS);
      v[i % 3] = 1;
      v[3] = (i % 5) / 10;
      rows.push([`r${i}`, v]);
      partition.add(`r${i}`, v);
    }
    const query = new Float32Array([0.6, 0.3, 0.1, 0.5]);
    const dot = (v: Float32Array) => v.reduce((s, x, d) => s + x * (query[d] ?? 0), 0);
    const everyRow = rows
      .map(([id, v]) => ({ id, similarity: dot(v) }))
      .sort((a, b) => b.similarity - a.similarity);
    for (const k of [0, 1, 5, 17, 200, 500]) {
      const found = partition.search(query, k);
      assert.deepEqual(
        found.map((n) => n.id),
        everyRow.slice(0, k).map((n) => n.id),
        `k=${k}`,
      );
    }
  });
});
