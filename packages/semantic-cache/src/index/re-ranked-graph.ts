import { FlatPartition } from './flat-partition.ts';
import { type GraphOptions, GraphPartition } from './graph-partition.ts';
import type { Neighbour, Partition } from './partition.ts';
import { SignProjection } from './sign-projection.ts';

export interface ReRankOptions {
  /** Dimensions of the projected vector the graph links and searches. */
  graphDimensions: number;
  /** Candidates asked of the graph, re-scored exactly, the best k kept. */
  graphCandidates: number;
}

/**
 * An HNSW graph over a short projection of each vector, whose candidates are re-scored with the
 * full vectors: every link and search in the graph costs a fraction of a full-length one, while
 * each similarity returned is the exact cosine a scan would give (decision 195). The full vectors
 * are held in a scanned partition's rows, which is only read by id here.
 */
export class ReRankedGraph implements Partition {
  private readonly graph: GraphPartition;
  private readonly rows: FlatPartition;
  private readonly projection: SignProjection;
  /** One projected vector at a time: the graph copies it before returning. */
  private readonly projected: Float32Array;
  private readonly candidates: number;

  constructor(dimensions: number, options: GraphOptions & ReRankOptions) {
    this.projection = new SignProjection(dimensions, options.graphDimensions);
    this.projected = new Float32Array(options.graphDimensions);
    this.graph = new GraphPartition(options.graphDimensions, options);
    this.rows = new FlatPartition(dimensions, options.maxCapacity);
    this.candidates = options.graphCandidates;
  }

  get size(): number {
    return this.rows.size;
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.rows.add(id, vector);
    this.graph.add(id, this.projection.project(vector, this.projected));
  }

  remove(id: string): boolean {
    this.graph.remove(id);
    return this.rows.remove(id);
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    if (k <= 0) return [];
    const found = this.graph.search(
      this.projection.project(vector, this.projected),
      Math.max(k, this.candidates),
    );
    for (const n of found) n.similarity = this.rows.similarityOf(n.id, vector) ?? -1;
    return found.sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }

  ids(): Iterable<string> {
    return this.rows.ids();
  }
}
