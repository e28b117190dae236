import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AppDeps } from '../../deps.ts';
import { CacheIndex } from './cache-index.ts';

/** The slots a partition's graph and rows reserve, read from inside the engine. */
interface Held {
  index: { partitions: Map<string, { rows: { capacity: number }; graph: { capacity: number } }> };
}

describe('a partition at the entry cap', () => {
  test('takes the entry an insert adds before the budget evicts, without doubling', () => {
    const cap = 600; // past the 512 a partition is scanned up to: a graph holds them
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
    assert.ok(partition?.rows && partition.graph, 'a re-ranked graph');
    assert.ok(partition.rows.capacity <= cap + 1, `rows: ${partition.rows.capacity} slots`);
    assert.ok(partition.graph.capacity <= cap + 1, `graph: ${partition.graph.capacity} slots`);
  });
});
