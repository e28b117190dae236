import type { Embedder } from '../embedding/embedder.ts';
import { RecentMap } from './recent-map.ts';

/**
 * Remembers the last few hundred embeddings. A miss is followed by `prepare` for the same prompt
 * once the provider has answered; with a remote embedder that saves a paid API call.
 */
export class EmbeddingMemo {
  private readonly recent: RecentMap<string, Float32Array>;

  constructor(
    private readonly embedder: Embedder,
    capacity = 512,
  ) {
    this.recent = new RecentMap(capacity);
  }

  async embed(text: string): Promise<Float32Array> {
    const known = this.recent.get(text);
    if (known) return known;
    const [vector] = await this.embedder.embed([text]);
    if (!vector) throw new Error(`embedder ${this.embedder.id} returned no vector`);
    this.recent.set(text, vector);
    return vector;
  }
}
