import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../seeded-random.ts';
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

describe('FlatPartition.similarityAt', () => {
  it("is the plain loop's sum, bit for bit, at every width", () => {
    const random = seededRandom(214);
    for (const dims of [1, 2, 3, 4, 5, 7, 8, 13, 292]) {
      const partition = new FlatPartition(dims);
      const vector = () => Float32Array.from({ length: dims }, () => random() * 2 - 1);
      const rows = Array.from({ length: 6 }, vector);
      for (const [i, row] of rows.entries()) partition.add(`r${i}`, row);
      const query = vector();
      rows.forEach((row, i) => {
        let sum = 0;
        for (let d = 0; d < dims; d++) sum += (row[d] ?? 0) * (query[d] ?? 0);
        assert.equal(partition.similarityAt(i, query), sum, `dims=${dims} row=${i}`);
        assert.equal(partition.similarityOf(`r${i}`, query), sum);
      });
    }
  });
});
