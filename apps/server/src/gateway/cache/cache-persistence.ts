import { type CacheEntryRow, withoutLockWait } from '@tokenwise/db';
import type { CacheEntry, SemanticCache } from '@tokenwise/semantic-cache';
import type { AppDeps } from '../../deps.ts';
import { CACHE_ENTRY_ADDED_TOPIC } from '../../domain/topics.ts';
import { ChangesHeard } from '../../lib/changes-heard.ts';
import * as repo from './cache-entries.repository.ts';
import type { CacheIndex } from './cache-index.ts';
import { heldAnswerOf } from './stored-answer.ts';
import { decodeVector, encodeVector } from './vector-codec.ts';

// A batch's commit costs about as much as ten rows whatever its size (decision 051): rows wait up
// to BATCH_MS, fewer than BATCH_ROWS at a time (~4 ms of a blocked thread at most).
const BATCH_MS = 250;
const BATCH_ROWS = 250;

/**
 * The cache on disk: every entry is a `cache_entries` row, loaded into the index at start and
 * when another instance announces one, and written behind the caller when this one stores it.
 */
export class CachePersistence {
  private readonly pending = new Set<Promise<unknown>>();
  /** Rows waiting for the next batch write, with the engine that holds each. */
  private batch: { row: CacheEntryRow; engine: SemanticCache; replaces?: string }[] = [];
  private timer: NodeJS.Timeout | undefined;
  /**
   * Removals heard. An announced entry whose row was read before one is not loaded: the removal
   * may be of that very entry, and its row read before it went.
   */
  private readonly removals = new ChangesHeard();

  constructor(
    private readonly deps: AppDeps,
    private readonly index: CacheIndex,
  ) {}

  /**
   * At start: whole accounts, the one that stored last first, while they fit the memory budget
   * (at least one); the others load when they next ask (loadAccount). Returns the entries loaded.
   */
  async load(): Promise<number> {
    // The word vectors load lazily; at start, so the first lookup does not pay for it.
    this.index.embedder.warmUp();
    let loaded = 0;
    for (const { accountId, entries } of await repo.liveEntryCounts(
      this.deps.db.kysely,
      this.deps.clock(),
    )) {
      if (loaded > 0 && loaded + entries > this.index.maxEntries) break;
      loaded += await this.loadAccount(accountId);
    }
    return loaded;
  }

  /** One account's live entries, the newest within the budget, into memory. */
  async loadAccount(accountId: string): Promise<number> {
    const noRemoval = this.removals.mark();
    this.index.touch(accountId);
    const rows = await repo.newestLiveEntries(
      this.deps.db.kysely,
      accountId,
      this.deps.clock(),
      this.index.maxEntries,
    );
    const byEngine = new Map<SemanticCache, CacheEntryRow[]>();
    for (const row of rows) {
      const engine = this.index.engineOfRow(row);
      byEngine.set(engine, [...(byEngine.get(engine) ?? []), row]);
    }
    let loaded = 0;
    for (const [engine, group] of byEngine) {
      const result = await engine.load(group.map((r) => engineEntryOf(r, engine)));
      loaded += result.loaded;
      // Vectors from another embedder were re-made: keep them, so the next load need not.
      for (const entry of result.reembedded) {
        await repo.updateVector(
          this.deps.db.kysely,
          entry.id,
          encodeVector(entry.vector),
          engine.embedderId,
        );
      }
    }
    // A removal made while the rows were read or loaded may be of rows now in memory: Clear All
    // a moment after the account asked to be loaded back was served its cleared answers.
    if (!noRemoval()) await this.forgetRemovedFrom(accountId);
    this.index.enforceBudget(accountId);
    return loaded;
  }

  heardRemoval(): void {
    this.removals.heard();
  }

  /** An entry another instance stored (announced over the bus). */
  async loadOne(id: string): Promise<void> {
    // The shared bus delivers this instance's own announcements too: those entries are in memory.
    if (this.index.has(id)) return;
    const noRemoval = this.removals.mark();
    const row = await repo.findCacheEntry(this.deps.db.kysely, id);
    if (!row || row.demoted === 1 || !noRemoval()) return;
    // An account not in memory gets all its entries, this one included, when it next asks.
    if (!this.index.isResident(row.account_id)) return;
    const engine = this.index.engineOfRow(row);
    if (engine.get(id)) return;
    // load() re-embeds a vector made by another embedder instead of refusing it.
    await engine.load([engineEntryOf(row, engine)]);
    this.index.enforceBudget(row.account_id);
  }

  /**
   * After the bus was down: entries removed or demoted elsewhere meanwhile, whose announcements
   * were lost, leave memory too. Entries stored elsewhere meanwhile are not loaded (a miss costs
   * less than reloading every account, which holds the event loop for seconds at full budget).
   */
  async forgetRemovedElsewhere(): Promise<void> {
    // This instance's own rows reach the database first, so they are found there.
    await this.settled();
    for (const accountId of this.index.residentAccounts()) await this.forgetRemovedFrom(accountId);
  }

  /** Takes out of memory the account's entries whose rows are gone or expired (unsaved ones stay). */
  private async forgetRemovedFrom(accountId: string): Promise<void> {
    const live = new Set(
      await repo.liveEntryIds(this.deps.db.kysely, accountId, this.deps.clock()),
    );
    const unsaved = new Set(this.batch.map((b) => b.row.id));
    for (const id of this.index.idsOf(accountId)) {
      if (!live.has(id) && !unsaved.has(id)) this.index.remove(id);
    }
  }

  /**
   * Writes a row already in memory without holding the caller; a failed write takes it out again.
   * Rows stored within BATCH_MS go in one transaction: one insert per answer cost more CPU (a
   * connection, lock pragmas, the commit) than embedding and indexing the entry. `replaces`: the
   * entry of the same prompt the engine dropped for it (a refresh, a warm-up of a cached prompt),
   * whose row goes with this one's write so the list, the totals and a restart see only the new one.
   */
  save(row: CacheEntryRow, engine: SemanticCache, replaces?: string): void {
    this.batch.push(replaces === undefined ? { row, engine } : { row, engine, replaces });
    if (this.batch.length >= BATCH_ROWS) this.writeNow();
    else if (this.batch.length === 1) this.timer = setTimeout(() => this.writeNow(), BATCH_MS);
  }

  private writeNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0) return;
    const written: Promise<void> = this.writeBatch().finally(() => this.pending.delete(written));
    this.pending.add(written);
  }

  private async writeBatch(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    const replaced = batch.flatMap((b) =>
      b.replaces === undefined ? [] : [{ accountId: b.row.account_id, id: b.replaces }],
    );
    // A row replaced before it was written is not written at all.
    const gone = new Set(replaced.map((r) => r.id));
    const rows = batch.map((b) => b.row).filter((row) => !gone.has(row.id));
    try {
      // A SQLite file locked by another process refuses at once: these answers are simply not cached.
      const handle = this.deps.db.sqlite;
      await withoutLockWait(this.deps.db, async (db) => {
        if (handle) repo.insertCacheEntriesSqlite(handle, rows);
        else await repo.insertCacheEntries(db, rows);
        for (const r of replaced) await repo.deleteEntries(db, r.accountId, [r.id]);
      });
      // Only other instances need telling; without a shared bus there are none.
      if (this.deps.bus.shared)
        for (const row of rows) await this.deps.bus.publish(CACHE_ENTRY_ADDED_TOPIC, row.id);
    } catch (err) {
      for (const { row, engine } of batch) engine.remove(row.id);
      this.deps.log.warn({ err }, 'cache entries not saved');
    }
  }

  /** Resolves once every entry saved so far is in the database: a waiting batch is written now. */
  async settled(): Promise<void> {
    this.writeNow();
    await Promise.all([...this.pending]);
  }
}

/**
 * A stored row as the engine holds it, the answer (its JSON text, heldAnswerOf) as its payload.
 * `vector`: what the row's column was just encoded from, if the caller has it (the store): decoding
 * the column again gives the same floats (decision 065).
 */
export function engineEntryOf(
  row: CacheEntryRow,
  engine: SemanticCache,
  vector?: Float32Array,
): CacheEntry {
  return {
    id: row.id,
    scope: row.scope,
    exactKey: row.exact_key,
    contextFingerprint: row.context_fingerprint,
    queryText: row.query_text,
    // A vector from another embedder is re-embedded by the engine's load.
    vector:
      row.embedder_id !== engine.embedderId
        ? new Float32Array(0)
        : (vector ?? decodeVector(row.vector)),
    expiresAt: row.expires_at,
    payload: heldAnswerOf(row),
  };
}
