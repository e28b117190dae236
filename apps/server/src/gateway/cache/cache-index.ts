import type { CacheEntryRow } from '@tokenwise/db';
import { SemanticCache } from '@tokenwise/semantic-cache';
import type { AppDeps } from '../../deps.ts';
import {
  type CacheEmbedderChoice,
  createAccountEmbedder,
  createLocalEmbedder,
  providerOfEmbedder,
  type RemoteEmbed,
} from './cache-embedders.ts';

/**
 * The cache in memory: one `@tokenwise/semantic-cache` engine for the local embedder, shared by
 * every account that did not choose provider embeddings, and one per account and provider
 * embedder for those that did.
 */
export class CacheIndex {
  /** The local-embedder engine. */
  readonly engine: SemanticCache;
  /** `${accountId}|${embedderId}` → engine for accounts that chose a provider's embeddings. */
  private readonly remoteEngines = new Map<string, SemanticCache>();
  readonly embedder = createLocalEmbedder();

  constructor(
    private readonly deps: AppDeps,
    private readonly remoteEmbed: RemoteEmbed,
  ) {
    this.engine = new SemanticCache({ embedder: this.embedder, clock: deps.clock });
  }

  /** The engine for an account's embedder choice (provider engines are made on first use). */
  engineFor(accountId: string, embedder: CacheEmbedderChoice): SemanticCache {
    if (embedder === 'local') return this.engine;
    const made = createAccountEmbedder(accountId, embedder, this.remoteEmbed);
    const key = `${accountId}|${made.id}`;
    let engine = this.remoteEngines.get(key);
    if (!engine) {
      engine = new SemanticCache({ embedder: made, clock: this.deps.clock });
      this.remoteEngines.set(key, engine);
    }
    return engine;
  }

  /** The engine a stored row belongs in, by the embedder that made its vector. */
  engineOfRow(row: CacheEntryRow): SemanticCache {
    const provider = providerOfEmbedder(row.embedder_id);
    return provider ? this.engineFor(row.account_id, provider) : this.engine;
  }

  has(id: string): boolean {
    if (this.engine.get(id)) return true;
    for (const e of this.remoteEngines.values()) if (e.get(id)) return true;
    return false;
  }

  remove(id: string): void {
    this.engine.remove(id);
    for (const e of this.remoteEngines.values()) e.remove(id);
  }

  /** Drops every entry of an account, across its engines. */
  invalidateAccount(accountId: string): void {
    this.engine.invalidate({ accountId });
    for (const [key, e] of this.remoteEngines)
      if (key.startsWith(`${accountId}|`)) e.invalidate({ accountId });
  }

  /** Drops expired entries from memory, across every engine. */
  purgeExpired(): void {
    this.engine.purgeExpired();
    for (const e of this.remoteEngines.values()) e.purgeExpired();
  }

  /** Entries held in memory, across every engine. */
  size(): number {
    let n = this.engine.size();
    for (const e of this.remoteEngines.values()) n += e.size();
    return n;
  }
}
