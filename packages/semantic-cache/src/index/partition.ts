/** One partition of the vector index: the entries that may match each other. */
export interface Partition {
  readonly size: number;
  add(id: string, vector: Float32Array): void;
  remove(id: string): boolean;
  has(id: string): boolean;
  search(vector: Float32Array, k: number): Neighbour[];
  /** Every id with its vector, used when a flat partition is promoted to a graph. */
  entries(): Iterable<[string, Float32Array]>;
}

export interface Neighbour {
  id: string;
  similarity: number;
}
