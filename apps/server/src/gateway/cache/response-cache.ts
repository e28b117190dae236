import type { CacheEntryRow, Database } from '@tokenwise/db';
import {
  type CacheKeyInput,
  compileQueryPattern,
  type HeldEntry,
  type LookupResult,
} from '@tokenwise/semantic-cache';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import {
  CACHE_CLEARED_TOPIC,
  CACHE_ENTRIES_REMOVED_TOPIC,
  CACHE_ENTRY_ADDED_TOPIC,
} from '../../domain/topics.ts';
import { uuidv7 } from '../../lib/ids.ts';
import type { ChatMessage } from '../types.ts';
import type { CacheEmbedderChoice, RemoteEmbed } from './cache-embedders.ts';
import * as repo from './cache-entries.repository.ts';
import { CacheIndex } from './cache-index.ts';
import { CachePersistence, engineEntryOf } from './cache-persistence.ts';
import { ClearsInFlight } from './clears-in-flight.ts';
import { HitCounters } from './hit-counters.ts';
import { type HeldAnswer, type StoredAnswer, storedAnswerOf } from './stored-answer.ts';
import { encodeVector } from './vector-codec.ts';

export type { StoredAnswer } from './stored-answer.ts';

// Lookups drop the expired entries they meet; the rest (prompts nobody asks again) would otherwise
// hold memory until a restart. Their rows are deleted by domain/log-retention.ts.
const PURGE_EXPIRED_MS = 10 * 60_000;

export interface CacheScope {
  accountId: string;
  provider: string;
  /** The requested model: its family scopes the entry, its id is shown in the dashboard. */
  model: { id: string; family: string };
}

/**
 * The gateway's semantic cache: the engines in memory (cache-index.ts), every entry persisted in
 * `cache_entries` (cache-persistence.ts: a restart reloads them, other instances are told over
 * the bus), hit counters written in batches (hit-counters.ts).
 */
export class ResponseCache {
  private readonly index: CacheIndex;
  /** Stores waiting for their answer to go out (storeAfterAnswer). */
  private readonly queued = new Set<Promise<unknown>>();
  private readonly persistence: CachePersistence;
  private readonly hits: HitCounters;
  private readonly purgeTimer: NodeJS.Timeout;
  /** Accounts being loaded back into memory, so concurrent requests wait for one load. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Removals may have been missed while the bus was down: lookups wait for the check. */
  private resyncing: Promise<void> | undefined;
  private readonly clears = new ClearsInFlight();

  constructor(
    private readonly deps: AppDeps,
    remoteEmbed: RemoteEmbed,
  ) {
    this.index = new CacheIndex(deps, remoteEmbed, {
      maxEntries: deps.config.cacheIndexMaxEntries,
      maxBytes: deps.config.cacheIndexMaxBytes,
    });
    this.persistence = new CachePersistence(deps, this.index);
    this.hits = new HitCounters(deps);
    deps.bus.subscribe(CACHE_ENTRY_ADDED_TOPIC, (id) => void this.persistence.loadOne(id));
    deps.bus.subscribe(CACHE_ENTRIES_REMOVED_TOPIC, (ids) => {
      this.persistence.heardRemoval();
      for (const id of JSON.parse(ids) as string[]) this.index.remove(id);
    });
    deps.bus.subscribe(CACHE_CLEARED_TOPIC, (message) => {
      const { accountId, pattern } = JSON.parse(message) as { accountId: string; pattern?: string };
      this.clearedElsewhere(accountId, pattern).catch((err) =>
        deps.log.warn({ err }, 'cache clear from another instance failed'),
      );
    });
    deps.bus.onResync(() => {
      const resync: Promise<void> = this.persistence
        .forgetRemovedElsewhere()
        .catch((err) => deps.log.warn({ err }, 'cache resync failed'))
        .finally(() => {
          if (this.resyncing === resync) this.resyncing = undefined;
        });
      this.resyncing = resync;
    });
    this.purgeTimer = setInterval(() => this.purgeExpired(), PURGE_EXPIRED_MS);
    this.purgeTimer.unref();
  }

  /** Loads live entries from the database into memory (at start), within the memory budget. */
  load(): Promise<number> {
    return this.persistence.load();
  }

  keyInput(
    scope: CacheScope,
    messages: ChatMessage[],
    params: Record<string, unknown>,
  ): CacheKeyInput {
    const input = {
      accountId: scope.accountId,
      provider: scope.provider,
      modelFamily: scope.model.family,
      messages,
      params,
    };
    this.clears.begin(input);
    return input;
  }

  /**
   * `nearestOnMiss: false` (the gateway's request path, which reads only hits) lets the engine
   * skip the work that only describes a miss (decision 144); the cache preview shows it.
   */
  async lookup(
    input: CacheKeyInput,
    threshold: number,
    embedder: CacheEmbedderChoice = 'local',
    nearestOnMiss = true,
  ): Promise<LookupResult> {
    if (this.resyncing) await this.resyncing;
    const loading = this.resident(input.accountId);
    if (loading) await loading;
    return this.index
      .engineFor(input.accountId, embedder)
      .lookup(input, { threshold, nearestOnMiss });
  }

  /**
   * An account the memory budget sent away is loaded back from the database before it is served;
   * a resident one costs nothing (no await, so the hot path keeps its pace).
   */
  private resident(accountId: string): Promise<unknown> | undefined {
    const pending = this.loading.get(accountId);
    if (pending) return pending;
    if (this.index.isResident(accountId)) return undefined;
    const loaded = this.persistence
      .loadAccount(accountId)
      .finally(() => this.loading.delete(accountId));
    this.loading.set(accountId, loaded);
    return loaded;
  }

  /** Drops expired entries from memory, across every engine. */
  purgeExpired(): void {
    this.index.purgeExpired();
    this.clears.forgetOld(this.deps.clock());
  }

  /** Entries held in memory, across every engine. */
  size(): number {
    return this.index.size();
  }

  answerOf(entry: HeldEntry): StoredAnswer {
    return storedAnswerOf(entry.payload as HeldAnswer);
  }

  async store(
    scope: CacheScope,
    input: CacheKeyInput,
    answer: StoredAnswer,
    ttlSeconds: number,
    embedder: CacheEmbedderChoice = 'local',
  ): Promise<string> {
    return (await this.put(scope, input, answer, ttlSeconds, embedder)) as string;
  }

  /**
   * With `stillWanted` (the gateway's stores): not stored when it answers false, nor when a clear
   * since the key was made covers the prompt.
   */
  private async put(
    scope: CacheScope,
    input: CacheKeyInput,
    answer: StoredAnswer,
    ttlSeconds: number,
    embedder: CacheEmbedderChoice,
    stillWanted?: () => Promise<boolean>,
  ): Promise<string | undefined> {
    const loading = this.resident(scope.accountId);
    if (loading) await loading;
    const engine = this.index.engineFor(scope.accountId, embedder);
    const prepared = await engine.prepare(input);
    if (stillWanted) {
      if (!(await stillWanted())) return undefined;
      // No await from here to the insert: a clear heard after this check finds the entry stored.
      if (this.clears.covers(input, prepared.queryText)) return undefined;
    }
    const now = this.deps.clock();
    // Time-ordered, as the log's: a batch's rows land on the index's last page, where random ids
    // dirtied a page of it each (decision 212).
    const id = uuidv7(now);
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
    const replaced = engine.insert(engineEntryOf(row, engine, prepared.vector));
    this.index.enforceBudget(scope.accountId);
    this.persistence.save(row, engine, replaced);
    return id;
  }

  /**
   * Stores once the answer has gone out: the store waits for the next turn of the event loop, so
   * embedding (a provider call with a provider embedder), index insertion and the row never
   * delay the caller. A failure costs the entry, never the request. `settled` waits for it.
   */
  storeAfterAnswer(
    scope: CacheScope,
    input: CacheKeyInput,
    answer: StoredAnswer,
    ttlSeconds: number,
    embedder: CacheEmbedderChoice = 'local',
    stillWanted: () => Promise<boolean> = async () => true,
  ): void {
    const queued: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.put(scope, input, answer, ttlSeconds, embedder, stillWanted))
      .catch((err) => this.deps.log.warn({ err }, 'cache store failed'))
      .finally(() => this.queued.delete(queued));
    this.queued.add(queued);
  }

  /** Resolves once every entry stored so far (queued ones included) is in the database. */
  async settled(): Promise<void> {
    while (this.queued.size > 0) await Promise.all([...this.queued]);
    await this.persistence.settled();
  }

  /**
   * Waits for the stores already queued to reach the database (rows go in batches), so a removal
   * also covers answers stored just before it; stores queued meanwhile are not waited for.
   */
  private async storedSoFar(): Promise<void> {
    await Promise.all([...this.queued]);
    await this.persistence.settled();
  }

  recordHit(entryId: string, tokensSaved: number, costSaved: number): void {
    this.hits.record(entryId, tokensSaved, costSaved);
  }

  /**
   * Writes the hit counters held in memory and the entries stored so far (rows go in batches), so
   * a read of the entries or analytics that follows sees every answer and hit before it.
   */
  async flushHits(): Promise<void> {
    await this.storedSoFar();
    await this.hits.flush();
  }

  async removeEntry(accountId: string, id: string): Promise<boolean> {
    await this.storedSoFar();
    const removed = await this.removeRecorded(async (trx) =>
      (await repo.deleteEntries(trx, accountId, [id])) > 0 ? [id] : [],
    );
    await this.announceRemoved(removed);
    return removed.length > 0;
  }

  /** Removes every row of the account; answers how many of them the entries list showed. */
  async removeAll(accountId: string): Promise<number> {
    this.clears.cleared(accountId, this.deps.clock());
    await this.storedSoFar();
    let rows: { id: string; expires_at: number }[] = [];
    await this.removeRecorded(async (trx) => {
      rows = await repo.deleteAllEntries(trx, accountId);
      return rows.map((r) => r.id);
    });
    this.index.invalidateAccount(accountId);
    await this.announceRemoved(rows.map((r) => r.id));
    await this.announceCleared(accountId);
    return this.liveAmong(rows);
  }

  /**
   * Glob ('*refund*') or substring over the cached prompts, case-insensitive. Expired rows that
   * match go too; the count is of the live ones, as for removeAll.
   */
  async removeMatching(accountId: string, pattern: string): Promise<number> {
    const matches = compileQueryPattern(pattern);
    this.clears.cleared(accountId, this.deps.clock(), pattern);
    await this.storedSoFar();
    let matched: { id: string; expires_at: number }[] = [];
    const ids = await this.removeRecorded(async (trx) => {
      const rows = await trx
        .selectFrom('cache_entries')
        .select(['id', 'query_text', 'expires_at'])
        .where('account_id', '=', accountId)
        .execute();
      matched = rows.filter((r) => matches(r.query_text));
      await repo.deleteEntries(
        trx,
        accountId,
        matched.map((r) => r.id),
      );
      return matched.map((r) => r.id);
    });
    await this.announceRemoved(ids);
    await this.announceCleared(accountId, pattern);
    return this.liveAmong(matched);
  }

  /**
   * Expired rows wait for log retention to delete them; the list and analytics never show them,
   * so a removal that takes them along does not count them either.
   */
  private liveAmong(rows: readonly { expires_at: number }[]): number {
    const now = this.deps.clock();
    return rows.filter((r) => r.expires_at > now).length;
  }

  /** A thumbs-down on an answer it served: the entry stops being served until a refresh replaces it. */
  async demote(accountId: string, id: string): Promise<boolean> {
    await this.storedSoFar();
    const demoted = await this.removeRecorded(async (trx) =>
      (await repo.demoteEntry(trx, accountId, id)) ? [id] : [],
    );
    await this.announceRemoved(demoted);
    return demoted.length > 0;
  }

  async close(): Promise<void> {
    clearInterval(this.purgeTimer);
    await this.settled();
    await this.hits.close();
  }

  /**
   * Others drop what they stored before hearing of the clear and had not yet written (their
   * batches go a quarter of a second apart), so its row is not left to be served after the clear.
   */
  private async announceCleared(accountId: string, pattern?: string): Promise<void> {
    if (!this.deps.bus.shared) return;
    await this.deps.bus.publish(CACHE_CLEARED_TOPIC, JSON.stringify({ accountId, pattern }));
  }

  /**
   * Another instance cleared entries of an account: this one's go too, from memory and the
   * database, and from the others, which may have loaded them from this one's announcement.
   */
  private async clearedElsewhere(accountId: string, pattern?: string): Promise<void> {
    this.clears.cleared(accountId, this.deps.clock(), pattern);
    await this.storedSoFar();
    const ids = this.index.invalidateAccount(accountId, pattern);
    if (ids.length === 0) return;
    await this.removeRecorded(async (trx) => {
      await repo.deleteEntries(trx, accountId, ids);
      return ids;
    });
    await this.announceRemoved(ids);
  }

  /**
   * Runs a removal and records the ids it removed in its transaction, so every instance drops
   * them even if this one dies before its publish (decision 156, Follow-up). Removing an id twice
   * is removing it once, so the second delivery (Redis, then the row) costs nothing.
   */
  private removeRecorded(remove: (trx: Kysely<Database>) => Promise<string[]>): Promise<string[]> {
    return this.deps.db.kysely.transaction().execute(async (trx) => {
      const ids = await remove(trx);
      if (ids.length > 0)
        await this.deps.bus.recordIn(trx, CACHE_ENTRIES_REMOVED_TOPIC, JSON.stringify(ids));
      return ids;
    });
  }

  private async announceRemoved(ids: string[]): Promise<void> {
    // Heard here, after the rows went, so an account's reload that read them knows to look again.
    this.persistence.heardRemoval();
    for (const id of ids) this.index.remove(id);
    if (ids.length > 0)
      await this.deps.bus.publish(CACHE_ENTRIES_REMOVED_TOPIC, JSON.stringify(ids));
  }
}
