import type { Neighbour, Partition } from './partition.ts';

/**
 * Exact search by scanning: for the many small partitions (one per conversation context) this is
 * faster and leaner than a graph, and it never misses a neighbour.
 */
export class FlatPartition implements Partition {
  private ids: string[] = [];
  private vectors: Float32Array;
  private readonly slots = new Map<string, number>();

  constructor(private readonly dimensions: number) {
    this.vectors = new Float32Array(dimensions * 4);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.remove(id);
    const slot = this.ids.length;
    if ((slot + 1) * this.dimensions > this.vectors.length) {
      const grown = new Float32Array(this.vectors.length * 2);
      grown.set(this.vectors);
      this.vectors = grown;
    }
    this.vectors.set(vector, slot * this.dimensions);
    this.ids.push(id);
    this.slots.set(id, slot);
  }

  /** Moves the last row into the freed slot so the rows stay packed. */
  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const last = this.ids.length - 1;
    const lastId = this.ids[last];
    if (slot !== last && lastId !== undefined) {
      this.vectors.copyWithin(
        slot * this.dimensions,
        last * this.dimensions,
        (last + 1) * this.dimensions,
      );
      this.ids[slot] = lastId;
      this.slots.set(lastId, slot);
    }
    this.ids.pop();
    this.slots.delete(id);
    return true;
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    const dims = this.dimensions;
    const scored: Neighbour[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      let similarity = 0;
      const offset = slot * dims;
      for (let d = 0; d < dims; d++)
        similarity += (this.vectors[offset + d] ?? 0) * (vector[d] ?? 0);
      scored.push({ id: this.ids[slot] ?? '', similarity });
    }
    return scored.sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }

  *entries(): Iterable<[string, Float32Array]> {
    for (const [slot, id] of this.ids.entries()) {
      yield [id, this.vectors.slice(slot * this.dimensions, (slot + 1) * this.dimensions)];
    }
  }
}
