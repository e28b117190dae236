import type { FlatPartition } from './flat-partition.ts';
import type { Neighbour, Partition } from './partition.ts';

/**
 * A scanned partition on its way to a graph. Moving all of a full partition's entries into the
 * graph in one call held the gateway's event loop 40-135 ms (measured on a loaded 2-core machine);
 * here each add moves a few, so no call does much more work than one insert. Until the scanned
 * half is empty, searches read both halves and merge them.
 */
export class PromotingPartition implements Partition {
  constructor(
    private readonly flat: FlatPartition,
    readonly graph: Partition,
    private readonly movesPerAdd: number,
  ) {}

  get size(): number {
    return this.flat.size + this.graph.size;
  }

  /** True once every entry is in the graph, which can then stand alone. */
  get promoted(): boolean {
    return this.flat.size === 0;
  }

  has(id: string): boolean {
    return this.flat.has(id) || this.graph.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.flat.remove(id);
    this.graph.add(id, vector);
    this.moveSome();
  }

  remove(id: string): boolean {
    return this.flat.remove(id) || this.graph.remove(id);
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    return [...this.graph.search(vector, k), ...this.flat.search(vector, k)]
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, k);
  }

  *ids(): Iterable<string> {
    yield* this.flat.ids();
    yield* this.graph.ids();
  }

  private moveSome(): void {
    // Taken before moving: removing from a scanned partition reorders its rows.
    const batch: [string, Float32Array][] = [];
    for (const entry of this.flat.entries()) {
      if (batch.length >= this.movesPerAdd) break;
      batch.push(entry);
    }
    for (const [id, vector] of batch) {
      this.flat.remove(id);
      this.graph.add(id, vector);
    }
  }
}
