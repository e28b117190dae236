import hnswlib, { type HierarchicalNSW } from 'hnswlib-node';
import { grownCapacity } from './grown-capacity.ts';
import type { Neighbour, Partition } from './partition.ts';

// hnswlib-node is a CommonJS addon: Node's ESM loader only exposes it as a default export.
const { HierarchicalNSW: Hnsw } = hnswlib;

export interface GraphOptions {
  /** Slots reserved up front; the graph doubles when full, up to `maxCapacity` first. */
  initialCapacity: number;
  /** The most entries the partition is expected to hold (the cache's cap); Infinity for none. */
  maxCapacity?: number;
  /** Links per node (hnswlib M). */
  m: number;
  efConstruction: number;
  /** Candidate list size at query time; raised to k when k is larger. */
  efSearch: number;
}

/**
 * Approximate search over an HNSW graph (hnswlib-node) for large partitions. Vectors are unit
 * length, so the inner-product space gives distance = 1 - cosine. Removed entries are marked
 * deleted and their slots reused by the next insert. The graph holds the only copy of each vector
 * it is given: nothing reads one back, and a second copy in JavaScript cost ~1.2 KB per entry
 * (decision 027). A ReRankedGraph gives it a short projection and keeps the full vector itself.
 */
export class GraphPartition implements Partition {
  private readonly index: HierarchicalNSW;
  private readonly labels = new Map<string, number>();
  private readonly idsByLabel = new Map<number, string>();
  private capacity: number;
  private get ceiling(): number {
    return Math.max(16, this.options.maxCapacity ?? Number.POSITIVE_INFINITY);
  }
  private nextLabel = 0;
  private deleted = 0;
  /**
   * The addon takes a plain array and copies it before returning, so one array serves every call:
   * `Array.from` of a Float32Array cost ~6 µs per search or insert (the local embedder's 292
   * dimensions), filling this one ~0.3.
   */
  private readonly scratch: number[];

  constructor(
    dimensions: number,
    private readonly options: GraphOptions,
  ) {
    this.scratch = new Array<number>(dimensions).fill(0);
    this.capacity = Math.min(Math.max(16, options.initialCapacity), this.ceiling);
    this.index = new Hnsw('ip', dimensions);
    this.index.initIndex(this.capacity, options.m, options.efConstruction, 100, true);
    this.index.setEf(options.efSearch);
  }

  get size(): number {
    return this.labels.size;
  }

  has(id: string): boolean {
    return this.labels.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.remove(id);
    const label = this.nextLabel++;
    const reuse = this.deleted > 0;
    if (!reuse && this.labels.size >= this.capacity) {
      this.capacity = grownCapacity(this.capacity, this.ceiling);
      this.index.resizeIndex(this.capacity);
    }
    this.index.addPoint(this.asArray(vector), label, reuse);
    if (reuse) this.deleted--;
    this.labels.set(id, label);
    this.idsByLabel.set(label, id);
  }

  remove(id: string): boolean {
    const label = this.labels.get(id);
    if (label === undefined) return false;
    this.index.markDelete(label);
    this.deleted++;
    this.labels.delete(id);
    this.idsByLabel.delete(label);
    return true;
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    const wanted = Math.min(k, this.labels.size);
    if (wanted === 0) return [];
    this.index.setEf(Math.max(this.options.efSearch, wanted));
    const { neighbors, distances } = this.index.searchKnn(this.asArray(vector), wanted);
    const found: Neighbour[] = [];
    neighbors.forEach((label, i) => {
      const id = this.idsByLabel.get(label);
      if (id !== undefined) found.push({ id, similarity: 1 - (distances[i] ?? 1) });
    });
    return found.sort((a, b) => b.similarity - a.similarity);
  }

  ids(): Iterable<string> {
    return this.labels.keys();
  }

  private asArray(vector: Float32Array): number[] {
    const out = this.scratch;
    // A vector of another size is the addon's to refuse, as before.
    if (vector.length !== out.length) return Array.from(vector);
    for (let i = 0; i < vector.length; i++) out[i] = vector[i] ?? 0;
    return out;
  }
}
