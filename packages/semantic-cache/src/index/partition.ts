/** One partition of the vector index: the entries that may match each other. */
export interface Partition {
  readonly size: number;
  add(id: string, vector: Float32Array): void;
  remove(id: string): boolean;
  has(id: string): boolean;
  search(vector: Float32Array, k: number): Neighbour[];
  /** Every id held, used when a whole partition is dropped. */
  ids(): Iterable<string>;
}

export interface Neighbour {
  id: string;
  similarity: number;
}
