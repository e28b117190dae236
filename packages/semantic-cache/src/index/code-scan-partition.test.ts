import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../seeded-random.ts';
import { CodeScanPartition } from './code-scan-partition.ts';
import { FlatPartition } from './flat-partition.ts';

const DIMS = 292;
const random = seededRandom(7);
const unit = (v: Float32Array) => v.map((x) => x / Math.hypot(...v));
/** Vectors around a few centres, some exact duplicates: near neighbours and ties to find. */
const centres = Array.from({ length: 6 }, () =>
  unit(Float32Array.from({ length: DIMS }, () => random() - 0.5)),
);
function vectorNear(i: number): Float32Array {
  const centre = centres[i % centres.length] as Float32Array;
  if (i % 11 === 0) return centre;
  return unit(centre.map((x) => x + 0.08 * (random() - 0.5)));
}

describe('CodeScanPartition', () => {
  it('returns the exact scan’s neighbours and similarities, ties in row order, through removals', () => {
    // Every row a candidate: the code scan must then be the scan itself, so the codes must stay
    // with their rows as removals move rows.
    const codes = new CodeScanPartition(DIMS, { codeCandidates: 1_000 });
    const flat = new FlatPartition(DIMS);
    for (let i = 0; i < 400; i++) {
      const v = vectorNear(i);
      codes.add(`v${i}`, v);
      flat.add(`v${i}`, v);
      if (i % 3 === 2) {
        codes.remove(`v${i - 2}`);
        flat.remove(`v${i - 2}`);
      }
    }
    assert.equal(codes.size, flat.size);
    for (let q = 0; q < 30; q++) {
      const query = vectorNear(1_000 + q);
      assert.deepEqual(codes.search(query, 7), flat.search(query, 7), `query ${q}`);
    }
  });

  it('finds each near neighbour among thousands with a few candidates, its cosine exact', () => {
    const codes = new CodeScanPartition(DIMS, { codeCandidates: 8 });
    const stored: Float32Array[] = [];
    for (let i = 0; i < 3_000; i++) {
      const v = unit(Float32Array.from({ length: DIMS }, () => random() - 0.5));
      stored.push(v);
      codes.add(`v${i}`, v);
    }
    // Removals move rows (the last into the freed one): each code has to move with its row.
    for (let i = 0; i < 3_000; i += 3) codes.remove(`v${i}`);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, d) => s + x * (b[d] ?? 0), 0);
    for (let i = 1; i < 3_000; i += 31) {
      if (i % 3 === 0) continue;
      const row = stored[i] as Float32Array;
      // Cosine ~0.9 with row i, ~0 with every other row.
      const query = unit(row.map((x) => x + 0.5 * (random() - 0.5) * Math.sqrt(12 / DIMS)));
      const [best] = codes.search(query, 3);
      assert.equal(best?.id, `v${i}`);
      assert.ok(Math.abs((best?.similarity ?? 0) - dot(row, query)) < 1e-5);
    }
  });
});
