import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VectorIndex } from './vector-index.ts';

const DIMS = 16;

/** A deterministic pseudo-random unit vector per seed. */
function vector(seed: number): Float32Array {
  const out = new Float32Array(DIMS);
  let state = seed * 2654435761;
  let norm = 0;
  for (let d = 0; d < DIMS; d++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[d] = state / 2147483648 - 0.5;
    norm += (out[d] ?? 0) ** 2;
  }
  return out.map((v) => v / Math.sqrt(norm));
}

/** A unit vector of any length, pseudo-random per seed. */
function wide(seed: number, dims: number): Float32Array {
  const out = new Float32Array(dims);
  let state = seed * 2654435761;
  for (let d = 0; d < dims; d++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[d] = state / 2147483648 - 0.5;
  }
  const norm = Math.hypot(...out);
  return out.map((v) => v / norm);
}

describe('VectorIndex', () => {
  for (const [label, options] of [
    ['scanned partitions', { flatLimit: 10_000 }],
    ['graph partitions', { flatLimit: 4, initialCapacity: 16 }],
    [
      'graphs of projected vectors',
      { flatLimit: 4, initialCapacity: 16, graphDimensions: 8, graphCandidates: 16 },
    ],
    ['scans of binary codes', { flatLimit: 4, codeCandidates: 8 }],
  ] as const) {
    it(`finds every stored vector as its own nearest neighbour (${label}), past the initial capacity`, () => {
      const index = new VectorIndex(DIMS, options);
      for (let i = 0; i < 200; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
      assert.equal(index.size(), 200);
      for (let i = 0; i < 200; i++) {
        const [best] = index.search(vector(i), 'p', 3);
        assert.equal(best?.id, `v${i}`);
        assert.ok(Math.abs((best?.similarity ?? 0) - 1) < 1e-5);
      }
    });

    it(`forgets removed vectors and reuses their room (${label})`, () => {
      const index = new VectorIndex(DIMS, options);
      for (let i = 0; i < 50; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
      for (let i = 0; i < 50; i += 2) index.remove(`v${i}`);
      assert.equal(index.size(), 25);
      for (let i = 0; i < 50; i += 2)
        assert.notEqual(index.search(vector(i), 'p', 1)[0]?.id, `v${i}`);
      for (let i = 100; i < 125; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
      assert.equal(index.search(vector(110), 'p', 1)[0]?.id, 'v110');
      assert.equal(index.size(), 50);
    });
  }

  it('finds, replaces and forgets entries while a partition is moving to a graph', () => {
    // 65 adds into a limit of 64 start the move and take it halfway: 33 entries in the graph, 32
    // still scanned.
    const index = new VectorIndex(DIMS, { flatLimit: 64, promotionStep: 32, initialCapacity: 16 });
    for (let i = 0; i < 65; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
    for (let i = 0; i < 65; i++) assert.equal(index.search(vector(i), 'p', 3)[0]?.id, `v${i}`);
    index.remove('v1');
    index.remove('v64');
    assert.notEqual(index.search(vector(1), 'p', 1)[0]?.id, 'v1');
    assert.notEqual(index.search(vector(64), 'p', 1)[0]?.id, 'v64');
    index.add({ id: 'v2', vector: vector(200), partition: 'p' });
    assert.equal(index.search(vector(200), 'p', 1)[0]?.id, 'v2');
    assert.notEqual(index.search(vector(2), 'p', 1)[0]?.id, 'v2');
    assert.equal(index.size(), 63);
    const ids = index.search(vector(5), 'p', 63).map((n) => n.id);
    assert.equal(new Set(ids).size, 63, 'each entry once, from one half or the other');
    // The next adds finish the move; every entry is still there.
    for (let i = 300; i < 302; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
    for (const i of [0, 3, 40, 63, 300, 301]) {
      assert.equal(index.search(vector(i), 'p', 1)[0]?.id, `v${i}`);
    }
    assert.equal(index.size(), 65);
  });

  it("re-scores a projected graph's candidates exactly: the best 5 and their similarities are a scan's", () => {
    // Texts' vectors crowd around topics: 120 topics of 10 entries each, in 96 dimensions. The
    // graph has to find the query's topic; which of its entries are the best 5 is the re-scoring's.
    const dims = 96;
    const near = (topic: number, seed: number) => {
      const centre = wide(topic, dims);
      const noise = wide(10_000 + seed, dims);
      const out = centre.map((c, d) => c + 0.35 * (noise[d] ?? 0));
      const norm = Math.hypot(...out);
      return out.map((v) => v / norm);
    };
    const scan = new VectorIndex(dims, { flatLimit: 10_000 });
    const graph = new VectorIndex(dims, {
      flatLimit: 64,
      m: 16,
      efConstruction: 32,
      efSearch: 32,
      graphDimensions: 24,
      graphCandidates: 24,
    });
    for (let i = 0; i < 1_200; i++) {
      const entry = { id: `v${i}`, vector: near(i % 120, i), partition: 'p' };
      scan.add(entry);
      graph.add(entry);
    }
    for (let q = 0; q < 40; q++) {
      const query = near(q, 50_000 + q);
      assert.deepEqual(graph.search(query, 'p', 5), scan.search(query, 'p', 5), `query ${q}`);
    }
  });

  it('returns results most similar first', () => {
    const index = new VectorIndex(DIMS);
    for (let i = 0; i < 20; i++) index.add({ id: `v${i}`, vector: vector(i), partition: 'p' });
    const found = index.search(vector(3), 'p', 5).map((n) => n.similarity);
    assert.deepEqual(
      found,
      [...found].sort((a, b) => b - a),
    );
  });

  it('never returns a vector from another partition', () => {
    const index = new VectorIndex(DIMS, { flatLimit: 2 });
    for (let i = 0; i < 10; i++) index.add({ id: `a${i}`, vector: vector(i), partition: 'a' });
    index.add({ id: 'b0', vector: vector(3), partition: 'b' });
    assert.deepEqual(
      index.search(vector(3), 'b', 5).map((n) => n.id),
      ['b0'],
    );
    assert.deepEqual(index.search(vector(3), 'c', 5), []);
  });

  it('moves an id that is added again to its new partition', () => {
    const index = new VectorIndex(DIMS);
    index.add({ id: 'x', vector: vector(1), partition: 'a' });
    index.add({ id: 'x', vector: vector(1), partition: 'b' });
    assert.equal(index.size(), 1);
    assert.deepEqual(index.search(vector(1), 'a', 1), []);
    assert.equal(index.search(vector(1), 'b', 1)[0]?.id, 'x');
  });

  it('clears one partition or all of them', () => {
    const index = new VectorIndex(DIMS, { flatLimit: 3 });
    for (let i = 0; i < 6; i++) index.add({ id: `a${i}`, vector: vector(i), partition: 'a' });
    index.add({ id: 'b0', vector: vector(9), partition: 'b' });
    index.clear('a');
    assert.equal(index.size(), 1);
    assert.deepEqual(index.search(vector(1), 'a', 1), []);
    index.clear();
    assert.equal(index.size(), 0);
  });

  it('rejects vectors of the wrong size', () => {
    const index = new VectorIndex(DIMS);
    assert.throws(
      () => index.add({ id: 'x', vector: new Float32Array(3), partition: 'p' }),
      /16 dimensions/,
    );
  });
});
