import { randomUUID } from 'node:crypto';
import { type CacheEntryRow, withoutLockWait } from '@tokenwise/db';
import {
  type CacheEntry,
  type CacheKeyInput,
  compileQueryPattern,
  type LookupResult,
  SemanticCache,
} from '@tokenwise/semantic-cache';
import type { AppDeps } from '../../deps.ts';
import { CACHE_ENTRIES_REMOVED_TOPIC, CACHE_ENTRY_ADDED_TOPIC } from '../../domain/topics.ts';
import type { ChatCompletionResponse, ChatMessage } from '../types.ts';
import {
  type CacheEmbedderChoice,
  createAccountEmbedder,
  createLocalEmbedder,
  providerOfEmbedder,
  type RemoteEmbed,
} from './cache-embedders.ts';
import * as repo from './cache-entries.repository.ts';
import { decodeVector, encodeVector } from './vector-codec.ts';

const HIT_FLUSH_MS = 5_000;
// Lookups drop the expired entries they meet; the rest (prompts nobody asks again) would otherwise
// hold memory until a restart. Their rows are deleted by domain/log-retention.ts.
const PURGE_EXPIRED_MS = 10 * 60_000;

export interface CacheScope {
  accountId: string;
  provider: string;
  /** The requested model: its family scopes the entry, its id is shown in the dashboard. */
  model: { id: string; family: string };
}

export interface StoredAnswer {
  response: ChatCompletionResponse;
  tokensIn: number;
  tokensOut: number;
  /** What the original call cost at the requested model's price: what a hit saves. */
  cost: number;
}

/**
 * The gateway's semantic cache: the engine from @tokenwise/semantic-cache in memory, every entry
 * persisted in `cache_entries` (a restart reloads them), other instances told over the bus, hit
 * counters written in batches.
 */
export class ResponseCache {
  /** The local-embedder engine, shared by every account that did not choose provider embeddings. */
  readonly engine: SemanticCache;
  /** `${accountId}|${embedderId}` → engine for accounts that chose a provider's embeddings. */
  private readonly remoteEngines = new Map<string, SemanticCache>();
  private readonly tallies = new Map<string, repo.HitTally>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly timer: NodeJS.Timeout;
  private readonly purgeTimer: NodeJS.Timeout;

  private readonly embedder = createLocalEmbedder();

  constructor(
    private readonly deps: AppDeps,
    private readonly remoteEmbed: RemoteEmbed,
  ) {
    this.engine = new SemanticCache({ embedder: this.embedder, clock: deps.clock });
    deps.bus.subscribe(CACHE_ENTRY_ADDED_TOPIC, (id) => void this.loadOne(id));
    deps.bus.subscribe(CACHE_ENTRIES_REMOVED_TOPIC, (ids) => {
      for (const id of JSON.parse(ids) as string[]) this.removeFromMemory(id);
    });
    this.timer = setInterval(() => void this.flushHits(), HIT_FLUSH_MS);
    this.timer.unref();
    this.purgeTimer = setInterval(() => this.purgeExpired(), PURGE_EXPIRED_MS);
    this.purgeTimer.unref();
  }

  /** Loads every live entry from the database into memory (at start). */
  async load(): Promise<number> {
    // The word vectors load lazily; at start, so the first lookup does not pay for it.
    this.embedder.warmUp();
    let loaded = 0;
    for await (const rows of repo.streamLiveEntries(this.deps.db.kysely, this.deps.clock())) {
      const byEngine = new Map<SemanticCache, CacheEntryRow[]>();
      for (const row of rows) {
        const engine = this.engineOfRow(row);
        byEngine.set(engine, [...(byEngine.get(engine) ?? []), row]);
      }
      for (const [engine, group] of byEngine) {
        const result = await engine.load(group.map((r) => this.toEngineEntry(r, engine)));
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

  keyInput(
    scope: CacheScope,
    messages: ChatMessage[],
    params: Record<string, unknown>,
  ): CacheKeyInput {
    return {
      accountId: scope.accountId,
      provider: scope.provider,
      modelFamily: scope.model.family,
      messages,
      params,
    };
  }

  async lookup(
    input: CacheKeyInput,
    threshold: number,
    embedder: CacheEmbedderChoice = 'local',
  ): Promise<LookupResult> {
    return this.engineFor(input.accountId, embedder).lookup(input, { threshold });
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

  private engineOfRow(row: CacheEntryRow): SemanticCache {
    const provider = providerOfEmbedder(row.embedder_id);
    return provider ? this.engineFor(row.account_id, provider) : this.engine;
  }

  private inMemory(id: string): boolean {
    if (this.engine.get(id)) return true;
    for (const e of this.remoteEngines.values()) if (e.get(id)) return true;
    return false;
  }

  private removeFromMemory(id: string): void {
    this.engine.remove(id);
    for (const e of this.remoteEngines.values()) e.remove(id);
  }

  answerOf(entry: CacheEntry): StoredAnswer {
    return entry.payload as StoredAnswer;
  }

  async store(
    scope: CacheScope,
    input: CacheKeyInput,
    answer: StoredAnswer,
    ttlSeconds: number,
    embedder: CacheEmbedderChoice = 'local',
  ): Promise<string> {
    const engine = this.engineFor(scope.accountId, embedder);
    const prepared = await engine.prepare(input);
    const now = this.deps.clock();
    const id = randomUUID();
    const row: CacheEntryRow = {
      id,
      account_id: scope.accountId,
      scope: prepared.scope,
      provider: scope.provider,
      model: scope.model.id,
      exact_key: prepared.exactKey,
      context_fingerprint: prepared.contextFingerprint,
      query_text: prepared.queryText,
      vector: encodeVector(prepared.vector),
      embedder_id: engine.embedderId,
      response: JSON.stringify(answer.response),
      tokens_in: answer.tokensIn,
      tokens_out: answer.tokensOut,
      cost: answer.cost,
      hits: 0,
      tokens_saved: 0,
      cost_saved: 0,
      last_hit_at: null,
      demoted: 0,
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
    };
    // In memory first, so the very next request can hit; the row follows without holding the caller.
    engine.insert(this.toEngineEntry(row, engine));
    // A SQLite file locked by another process refuses at once: this answer is simply not cached.
    const persisted = withoutLockWait(this.deps.db, (db) => repo.insertCacheEntry(db, row))
      // Only other instances need telling; without a shared bus there are none.
      .then(() =>
        this.deps.bus.shared ? this.deps.bus.publish(CACHE_ENTRY_ADDED_TOPIC, id) : undefined,
      )
      .catch((err) => {
        engine.remove(id);
        this.deps.log.warn({ err }, 'cache entry not saved');
      })
      .finally(() => this.pending.delete(persisted));
    this.pending.add(persisted);
    return id;
  }

  /**
   * Stores once the answer has gone out: the store waits for the next turn of the event loop, so
   * embedding (a provider call with a provider embedder), index insertion and the row never
   * delay the caller. A failure costs the entry, never the request. `settled` waits for it.
   */
  storeAfterAnswer(...args: Parameters<ResponseCache['store']>): void {
    const queued: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.store(...args))
      .catch((err) => this.deps.log.warn({ err }, 'cache store failed'))
      .finally(() => this.pending.delete(queued));
    this.pending.add(queued);
  }

  /** Resolves once every entry stored so far (queued ones included) is in the database. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  recordHit(entryId: string, tokensSaved: number, costSaved: number): void {
    const t = this.tallies.get(entryId) ?? { hits: 0, tokensSaved: 0, costSaved: 0, lastHitAt: 0 };
    t.hits += 1;
    t.tokensSaved += tokensSaved;
    t.costSaved += costSaved;
    t.lastHitAt = this.deps.clock();
    this.tallies.set(entryId, t);
  }

  async flushHits(): Promise<void> {
    if (this.tallies.size === 0) return;
    const batch = new Map(this.tallies);
    this.tallies.clear();
    await withoutLockWait(this.deps.db, (db) => repo.addHits(db, batch)).catch((err) =>
      this.deps.log.warn({ err }, 'cache hit counts not saved'),
    );
  }

  async removeEntry(accountId: string, id: string): Promise<boolean> {
    const removed = await repo.deleteEntries(this.deps.db.kysely, accountId, [id]);
    if (removed > 0) await this.announceRemoved([id]);
    return removed > 0;
  }

  async removeAll(accountId: string): Promise<number> {
    const ids = await repo.deleteAllEntries(this.deps.db.kysely, accountId);
    this.engine.invalidate({ accountId });
    for (const [key, e] of this.remoteEngines)
      if (key.startsWith(`${accountId}|`)) e.invalidate({ accountId });
    await this.announceRemoved(ids);
    return ids.length;
  }

  /** Glob ('*refund*') or substring over the cached prompts, case-insensitive. */
  async removeMatching(accountId: string, pattern: string): Promise<number> {
    const matches = compileQueryPattern(pattern);
    const rows = await this.deps.db.kysely
      .selectFrom('cache_entries')
      .select(['id', 'query_text'])
      .where('account_id', '=', accountId)
      .execute();
    const ids = rows.filter((r) => matches(r.query_text)).map((r) => r.id);
    await repo.deleteEntries(this.deps.db.kysely, accountId, ids);
    await this.announceRemoved(ids);
    return ids.length;
  }

  /** A thumbs-down on an answer it served: the entry stops being served until a refresh replaces it. */
  async demote(accountId: string, id: string): Promise<boolean> {
    const ok = await repo.demoteEntry(this.deps.db.kysely, accountId, id);
    if (ok) await this.announceRemoved([id]);
    return ok;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.purgeTimer);
    await this.settled();
    await this.flushHits();
  }

  private async announceRemoved(ids: string[]): Promise<void> {
    for (const id of ids) this.removeFromMemory(id);
    if (ids.length > 0)
      await this.deps.bus.publish(CACHE_ENTRIES_REMOVED_TOPIC, JSON.stringify(ids));
  }

  private async loadOne(id: string): Promise<void> {
    // The shared bus delivers this instance's own announcements too: those entries are in memory.
    if (this.inMemory(id)) return;
    const row = await repo.findCacheEntry(this.deps.db.kysely, id);
    if (!row || row.demoted === 1) return;
    const engine = this.engineOfRow(row);
    if (engine.get(id)) return;
    // load() re-embeds a vector made by another embedder instead of refusing it.
    await engine.load([this.toEngineEntry(row, engine)]);
  }

  private toEngineEntry(row: CacheEntryRow, engine: SemanticCache): CacheEntry {
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
      vector:
        row.embedder_id === engine.embedderId ? decodeVector(row.vector) : new Float32Array(0),
      expiresAt: row.expires_at,
      payload: answer,
    };
  }
}
