import type { Embedder } from '../embedding/embedder.ts';

/**
 * Remembers the last few hundred embeddings. A miss is followed by `prepare` for the same prompt
 * once the provider has answered; with a remote embedder that saves a paid API call.
 */
export class EmbeddingMemo {
  private readonly recent = new Map<string, Float32Array>();

  constructor(
    private readonly embedder: Embedder,
    private readonly capacity = 512,
  ) {}

  async embed(text: string): Promise<Float32Array> {
    const known = this.recent.get(text);
    if (known) {
      // Re-insert so the Map's insertion order doubles as recency order.
      this.recent.delete(text);
      this.recent.set(text, known);
      return known;
    }
    const [vector] = await this.embedder.embed([text]);
    if (!vector) throw new Error(`embedder ${this.embedder.id} returned no vector`);
    this.recent.set(text, vector);
    if (this.recent.size > this.capacity) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    return vector;
  }
}
