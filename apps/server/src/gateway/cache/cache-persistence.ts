import { type CacheEntryRow, withoutLockWait } from '@tokenwise/db';
import type { CacheEntry, SemanticCache } from '@tokenwise/semantic-cache';
import type { AppDeps } from '../../deps.ts';
import { CACHE_ENTRY_ADDED_TOPIC } from '../../domain/topics.ts';
import type { ChatCompletionResponse } from '../types.ts';
import * as repo from './cache-entries.repository.ts';
import type { CacheIndex } from './cache-index.ts';
import type { StoredAnswer } from './stored-answer.ts';
import { decodeVector, encodeVector } from './vector-codec.ts';

/**
 * The cache on disk: every entry is a `cache_entries` row, loaded into the index at start and
 * when another instance announces one, and written behind the caller when this one stores it.
 */
export class CachePersistence {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: AppDeps,
    private readonly index: CacheIndex,
  ) {}

  /** Loads every live entry from the database into memory (at start). */
  async load(): Promise<number> {
    // The word vectors load lazily; at start, so the first lookup does not pay for it.
    this.index.embedder.warmUp();
    let loaded = 0;
    for await (const rows of repo.streamLiveEntries(this.deps.db.kysely, this.deps.clock())) {
      const byEngine = new Map<SemanticCache, CacheEntryRow[]>();
      for (const row of rows) {
        const engine = this.index.engineOfRow(row);
        byEngine.set(engine, [...(byEngine.get(engine) ?? []), row]);
      }
      for (const [engine, group] of byEngine) {
        const result = await engine.load(group.map((r) => engineEntryOf(r, engine)));
        loaded += result.loaded;
        // Vectors from another embedder were re-made: keep them, so the next start need not.
        for (const entry of result.reembedded) {
          await repo.updateVector(
            this.deps.db.kysely,
            entry.id,
            encodeVector(entry.vector),
            engine.embedderId,
          );
        }
      }
    }
    return loaded;
  }

  /** An entry another instance stored (announced over the bus). */
  async loadOne(id: string): Promise<void> {
    // The shared bus delivers this instance's own announcements too: those entries are in memory.
    if (this.index.has(id)) return;
    const row = await repo.findCacheEntry(this.deps.db.kysely, id);
    if (!row || row.demoted === 1) return;
    const engine = this.index.engineOfRow(row);
    if (engine.get(id)) return;
    // load() re-embeds a vector made by another embedder instead of refusing it.
    await engine.load([engineEntryOf(row, engine)]);
  }

  /** Writes a row already in memory without holding the caller; a failed write takes it out again. */
  save(row: CacheEntryRow, engine: SemanticCache): void {
    // A SQLite file locked by another process refuses at once: this answer is simply not cached.
    const persisted = withoutLockWait(this.deps.db, (db) => repo.insertCacheEntry(db, row))
      // Only other instances need telling; without a shared bus there are none.
      .then(() =>
        this.deps.bus.shared ? this.deps.bus.publish(CACHE_ENTRY_ADDED_TOPIC, row.id) : undefined,
      )
      .catch((err) => {
        engine.remove(row.id);
        this.deps.log.warn({ err }, 'cache entry not saved');
      })
      .finally(() => this.pending.delete(persisted));
    this.pending.add(persisted);
  }

  /** Resolves once every entry saved so far is in the database. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}

/** A stored row as the engine holds it, the answer as its payload. */
export function engineEntryOf(row: CacheEntryRow, engine: SemanticCache): CacheEntry {
  const answer: StoredAnswer = {
    response: JSON.parse(row.response) as ChatCompletionResponse,
    tokensIn: row.tokens_in,
    tokensOut: row.tokens_out,
    cost: row.cost,
  };
  return {
    id: row.id,
    scope: row.scope,
    exactKey: row.exact_key,
    contextFingerprint: row.context_fingerprint,
    queryText: row.query_text,
    // A vector from another embedder is re-embedded by the engine's load.
    vector: row.embedder_id === engine.embedderId ? decodeVector(row.vector) : new Float32Array(0),
    expiresAt: row.expires_at,
    payload: answer,
  };
}
