/** Turns texts into L2-normalised vectors whose dot product is their cosine similarity. */
export interface Embedder {
  /** Names the model and its settings; vectors from embedders with different ids must not be mixed. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Turns a cosine into the similarity thresholds are set on; the raw cosine when absent. */
  readonly calibrate?: (cosine: number) => number;
  /**
   * Lowest raw cosine at which a candidate whose content words agree with the query's (nothing
   * changed once synonyms, word forms and framing verbs are folded) counts as the same question.
   * Absent: the score is the calibrated cosine alone.
   */
  readonly agreementFloor?: number;
}

export interface RemoteEmbedderOptions {
  id: string;
  dimensions: number;
  /** Calls the provider (e.g. OpenAI text-embedding-3-small) with the account's key. */
  embed: (texts: string[]) => Promise<number[][]>;
}

/** Wraps a provider call: checks the shape of what came back and normalises it. */
export function createRemoteEmbedder(opts: RemoteEmbedderOptions): Embedder {
  return {
    id: opts.id,
    dimensions: opts.dimensions,
    async embed(texts) {
      if (texts.length === 0) return [];
      const rows = await opts.embed(texts);
      if (rows.length !== texts.length) {
        throw new Error(
          `embedder ${opts.id}: asked for ${texts.length} vectors, got ${rows.length}`,
        );
      }
      return rows.map((row) => {
        if (row.length !== opts.dimensions) {
          throw new Error(
            `embedder ${opts.id}: expected ${opts.dimensions} dimensions, got ${row.length}`,
          );
        }
        return normalise(Float32Array.from(row));
      });
    },
  };
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] ?? 0) ** 2;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}
