import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlatPartition } from './flat-partition.ts';
import { grownCapacity } from './grown-capacity.ts';
import { ReRankedGraph } from './re-ranked-graph.ts';

const unit = (dimensions: number, seed: number) => {
  const v = new Float32Array(dimensions).map((_, d) => Math.sin(seed * 7.3 + d));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

describe('a partition grows to the cache cap, not past it', () => {
  it('doubles up to the ceiling, then doubles on from it', () => {
    assert.equal(grownCapacity(4_096, 7_500), 7_500);
    assert.equal(grownCapacity(1_024, 7_500), 2_048);
    assert.equal(grownCapacity(7_500, 7_500), 15_000);
    assert.equal(grownCapacity(8, Number.POSITIVE_INFINITY), 16);
  });

  it("a graph's rows stop at the cap (7 entries here), and still take one more", () => {
    const rows = new FlatPartition(8, 7);
    for (let i = 0; i < 7; i++) rows.add(`e${i}`, unit(8, i));
    assert.equal(rows.capacity, 7, 'grown 4 → 7, not 8');
    rows.add('e7', unit(8, 7));
    assert.equal(rows.size, 8);
    assert.deepEqual(
      rows.search(unit(8, 3), 1).map((n) => n.id),
      ['e3'],
    );
  });

  it('a re-ranked graph at its cap finds what it holds', () => {
    const graph = new ReRankedGraph(32, {
      initialCapacity: 16,
      maxCapacity: 40,
      m: 8,
      efConstruction: 32,
      efSearch: 32,
      graphDimensions: 8,
      graphCandidates: 8,
    });
    for (let i = 0; i < 40; i++) graph.add(`e${i}`, unit(32, i));
    assert.equal(graph.size, 40);
    assert.equal(graph.search(unit(32, 21), 1)[0]?.id, 'e21');
  });
});
