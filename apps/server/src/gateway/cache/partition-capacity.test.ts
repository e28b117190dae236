import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AppDeps } from '../../deps.ts';
import { CacheIndex, CODE_SCAN_MAX_ENTRIES, indexOptionsFor } from './cache-index.ts';

/** The slots a partition's rows and codes reserve, read from inside the engine. */
interface Held {
  index: { partitions: Map<string, { rows: { capacity: number }; codes: Uint32Array[] }> };
}

describe('a partition at the entry cap', () => {
  test('takes the entry an insert adds before the budget evicts, without doubling', () => {
    const cap = 600; // past the 512 a partition is scanned up to: binary codes index them
    const index = new CacheIndex({ clock: () => 0 } as unknown as AppDeps, async () => [], {
      maxEntries: cap,
      maxBytes: Number.POSITIVE_INFINITY,
    });
    const engine = index.engineFor('acct', 'local');
    const insert = (i: number) => {
      const vector = new Float32Array(index.embedder.dimensions).map((_, d) =>
        Math.sin(i * 7.3 + d),
      );
      const norm = Math.hypot(...vector);
      engine.insert({
        id: `e${i}`,
        scope: 'acct|openai|gpt',
        exactKey: `k${i}`,
        contextFingerprint: '',
        queryText: `question ${i}`,
        vector: vector.map((x) => x / norm),
        expiresAt: Number.POSITIVE_INFINITY,
        payload: { responseJson: '{}', tokensIn: 1, tokensOut: 1, cost: 0 },
      });
      // As the gateway stores: in memory first, then the budget.
      index.enforceBudget('acct');
    };
    for (let i = 0; i < cap + 50; i++) insert(i);
    assert.equal(index.size(), cap);
    const [partition] = (engine as unknown as Held).index.partitions.values();
    assert.ok(partition?.rows && partition.codes, 'a code scan');
    assert.ok(partition.rows.capacity <= cap + 1, `rows: ${partition.rows.capacity} slots`);
    for (const codes of partition.codes)
      assert.ok(codes.length <= (cap + 1) * 4, `codes: ${codes.length / 4} slots`);
  });
});

describe('how partitions past 512 entries are indexed', () => {
  test('by binary codes up to a cap of 10,000 entries, by a graph of projections past it', () => {
    // Decision 200: the scan reads every code, so past the switch a graph is cheaper per miss.
    assert.equal(indexOptionsFor(7_500).codeCandidates, 24);
    assert.equal(indexOptionsFor(CODE_SCAN_MAX_ENTRIES).codeCandidates, 24);
    const graph = indexOptionsFor(CODE_SCAN_MAX_ENTRIES + 1);
    assert.equal(graph.codeCandidates, 0);
    assert.equal(graph.graphDimensions, 64);
    assert.equal(graph.maxCapacity, CODE_SCAN_MAX_ENTRIES + 2);
  });
});
