import { type CodeScanOptions, CodeScanPartition } from './code-scan-partition.ts';
import { FlatPartition } from './flat-partition.ts';
import { type GraphOptions, GraphPartition } from './graph-partition.ts';
import type { Neighbour, Partition } from './partition.ts';
import { PromotingPartition } from './promoting-partition.ts';
import { ReRankedGraph, type ReRankOptions } from './re-ranked-graph.ts';

export interface VectorIndexOptions
  extends Partial<GraphOptions>,
    Partial<ReRankOptions>,
    Partial<CodeScanOptions> {
  /** A partition is scanned exactly up to this many entries, then moved to a graph or code scan. */
  flatLimit?: number;
  /** Entries moved out of the exact scan per add while a partition is being promoted. */
  promotionStep?: number;
}

const DEFAULTS: Required<VectorIndexOptions> = {
  flatLimit: 512,
  promotionStep: 32,
  initialCapacity: 1024,
  maxCapacity: Number.POSITIVE_INFINITY,
  m: 16,
  efConstruction: 64,
  efSearch: 64,
  // 0: the graph holds the full vectors and its similarities are returned as they are.
  graphDimensions: 0,
  graphCandidates: 24,
  // 0: large partitions are graphs; else scans of binary codes, this many re-scored (decision 200).
  codeCandidates: 0,
};

/**
 * Nearest-neighbour search split into partitions (the cache uses one per scope and conversation
 * context). Searches never cross partitions, so an entry of another account or another context
 * cannot be returned. Small partitions are scanned exactly; large ones use an HNSW graph that
 * grows or, with `codeCandidates`, a scan of binary codes whose nearest are re-scored.
 */
export class VectorIndex {
  private readonly partitions = new Map<string, Partition>();
  private readonly partitionOf = new Map<string, string>();
  private readonly options: Required<VectorIndexOptions>;

  constructor(
    readonly dimensions: number,
    options: VectorIndexOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Adds or replaces the vector of `id`; it then lives only in `partition`. */
  add(entry: { id: string; vector: Float32Array; partition: string }): void {
    if (entry.vector.length !== this.dimensions) {
      throw new Error(
        `vector index: expected ${this.dimensions} dimensions, got ${entry.vector.length}`,
      );
    }
    this.remove(entry.id);
    let partition = this.partitions.get(entry.partition);
    if (!partition) {
      partition = new FlatPartition(this.dimensions);
      this.partitions.set(entry.partition, partition);
    }
    if (partition instanceof FlatPartition && partition.size >= this.options.flatLimit) {
      partition = this.startPromotion(entry.partition, partition);
    }
    partition.add(entry.id, entry.vector);
    if (partition instanceof PromotingPartition && partition.promoted) {
      this.partitions.set(entry.partition, partition.graph);
    }
    this.partitionOf.set(entry.id, entry.partition);
  }

  remove(id: string): void {
    const name = this.partitionOf.get(id);
    if (name === undefined) return;
    const partition = this.partitions.get(name);
    partition?.remove(id);
    this.partitionOf.delete(id);
    if (partition?.size === 0) this.partitions.delete(name);
  }

  /** The k nearest entries of one partition, most similar first (similarity = cosine). */
  search(vector: Float32Array, partition: string, k: number): Neighbour[] {
    if (vector.length !== this.dimensions) {
      throw new Error(`vector index: expected ${this.dimensions} dimensions, got ${vector.length}`);
    }
    return this.partitions.get(partition)?.search(vector, k) ?? [];
  }

  size(): number {
    return this.partitionOf.size;
  }

  /** Drops one partition, or everything. */
  clear(partition?: string): void {
    if (partition === undefined) {
      this.partitions.clear();
      this.partitionOf.clear();
      return;
    }
    for (const id of this.partitions.get(partition)?.ids() ?? []) this.partitionOf.delete(id);
    this.partitions.delete(partition);
  }

  /** The graph or code scan is filled a few entries per add (PromotingPartition), not at once. */
  private startPromotion(name: string, flat: FlatPartition): Partition {
    const options = {
      ...this.options,
      initialCapacity: Math.max(this.options.initialCapacity, flat.size * 2),
    };
    const short = options.graphDimensions > 0 && options.graphDimensions < this.dimensions;
    const graph =
      options.codeCandidates > 0
        ? new CodeScanPartition(this.dimensions, options)
        : short
          ? new ReRankedGraph(this.dimensions, options)
          : new GraphPartition(this.dimensions, options);
    const promoting = new PromotingPartition(flat, graph, this.options.promotionStep);
    this.partitions.set(name, promoting);
    return promoting;
  }
}
