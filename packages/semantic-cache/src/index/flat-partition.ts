import { keepAmongBest, placeAmongBest } from './best-k.ts';
import { grownCapacity } from './grown-capacity.ts';
import type { Neighbour, Partition } from './partition.ts';

/**
 * Exact search by scanning: for the many small partitions (one per conversation context) this is
 * faster and leaner than a graph, and it never misses a neighbour.
 */
export class FlatPartition implements Partition {
  private rowIds: string[] = [];
  private vectors: Float32Array;
  private readonly slots = new Map<string, number>();

  constructor(
    private readonly dimensions: number,
    private readonly maxRows = Number.POSITIVE_INFINITY,
  ) {
    this.vectors = new Float32Array(dimensions * 4);
  }

  /** Rows the partition has room for before it grows. */
  get capacity(): number {
    return this.vectors.length / this.dimensions;
  }

  get size(): number {
    return this.rowIds.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.remove(id);
    const slot = this.rowIds.length;
    if ((slot + 1) * this.dimensions > this.vectors.length) {
      const grown = new Float32Array(grownCapacity(this.capacity, this.maxRows) * this.dimensions);
      grown.set(this.vectors);
      this.vectors = grown;
    }
    this.vectors.set(vector, slot * this.dimensions);
    this.rowIds.push(id);
    this.slots.set(id, slot);
  }

  /** Moves the last row into the freed slot so the rows stay packed. */
  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const last = this.rowIds.length - 1;
    const lastId = this.rowIds[last];
    if (slot !== last && lastId !== undefined) {
      this.vectors.copyWithin(
        slot * this.dimensions,
        last * this.dimensions,
        (last + 1) * this.dimensions,
      );
      this.rowIds[slot] = lastId;
      this.slots.set(lastId, slot);
    }
    this.rowIds.pop();
    this.slots.delete(id);
    return true;
  }

  /**
   * The k best rows, most similar first; equal similarities keep row order (as a stable sort of
   * every row would).
   */
  search(vector: Float32Array, k: number): Neighbour[] {
    const dims = this.dimensions;
    const rows = this.vectors;
    const best: Neighbour[] = [];
    if (k <= 0) return best;
    for (let slot = 0; slot < this.rowIds.length; slot++) {
      const similarity = dotAt(rows, slot * dims, vector, dims);
      const at = placeAmongBest(best, k, similarity);
      if (at >= 0) keepAmongBest(best, k, at, { id: this.rowIds[slot] ?? '', similarity });
    }
    return best;
  }

  /** The row an id is held in; rows are packed: removing one moves the last row into it. */
  slotOf(id: string): number | undefined {
    return this.slots.get(id);
  }

  /** The id held in a row (0 ≤ slot < size). */
  idAt(slot: number): string {
    return this.rowIds[slot] ?? '';
  }

  /** The exact cosine of a row (0 ≤ slot < size) with `vector`, as `search` computes it. */
  similarityAt(slot: number, vector: Float32Array): number {
    return dotAt(this.vectors, slot * this.dimensions, vector, this.dimensions);
  }

  /** The exact cosine of one held row with `vector`, as `search` computes it. */
  similarityOf(id: string, vector: Float32Array): number | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    return dotAt(this.vectors, slot * this.dimensions, vector, this.dimensions);
  }

  ids(): Iterable<string> {
    return this.slots.keys();
  }

  /** Every id with a copy of its vector, used when the partition is promoted to a graph. */
  *entries(): Iterable<[string, Float32Array]> {
    for (const [slot, id] of this.rowIds.entries()) {
      yield [id, this.vectors.slice(slot * this.dimensions, (slot + 1) * this.dimensions)];
    }
  }
}

/**
 * Four products a step, added one at a time in the same order as a plain loop, so every sum is
 * the same double: fewer loop tests and index sums (decision 214).
 */
function dotAt(rows: Float32Array, offset: number, vector: Float32Array, dims: number): number {
  let sum = 0;
  let d = 0;
  for (let at = offset; d + 4 <= dims; d += 4, at += 4) {
    sum += (rows[at] ?? 0) * (vector[d] ?? 0);
    sum += (rows[at + 1] ?? 0) * (vector[d + 1] ?? 0);
    sum += (rows[at + 2] ?? 0) * (vector[d + 2] ?? 0);
    sum += (rows[at + 3] ?? 0) * (vector[d + 3] ?? 0);
  }
  for (; d < dims; d++) sum += (rows[offset + d] ?? 0) * (vector[d] ?? 0);
  return sum;
}
