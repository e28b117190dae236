import type { CacheEntryRow } from '@tokenwise/db';
import { SemanticCache, stringBytes, type VectorIndexOptions } from '@tokenwise/semantic-cache';
import type { AppDeps } from '../../deps.ts';
import {
  type CacheEmbedderChoice,
  createAccountEmbedder,
  createLocalEmbedder,
  providerOfEmbedder,
  type RemoteEmbed,
} from './cache-embedders.ts';
import type { HeldAnswer } from './stored-answer.ts';

/**
 * A partition past 512 entries is scanned by binary codes: the 96 rows nearest by a 128-bit code,
 * the 24 of them nearest by a second one, re-scored with the full vectors (decision 200). An
 * insert at the cap writes eight words where an HNSW graph re-linked the evicted slot's
 * neighbours, and the lookups' hits are the exact scan's. The graph settings (decisions 023, 195)
 * serve a cache whose cap is raised past CODE_SCAN_MAX_ENTRIES.
 */
const INDEX_SEARCH = {
  codeCandidates: 24,
  efConstruction: 32,
  efSearch: 32,
  graphDimensions: 64,
  graphCandidates: 24,
};

/**
 * The scan reads every code of a partition, the graph a few hundred entries whatever its size: at
 * a cap of 7,500 a miss costs the scan ~30% less than the graph, at 20,000 ~40% more (decision
 * 200), so past this cap partitions are graphs again.
 */
export const CODE_SCAN_MAX_ENTRIES = 10_000;

/** The index options of an engine under a cache capped at `maxEntries`. */
export function indexOptionsFor(maxEntries: number): VectorIndexOptions {
  return {
    ...INDEX_SEARCH,
    codeCandidates: maxEntries <= CODE_SCAN_MAX_ENTRIES ? INDEX_SEARCH.codeCandidates : 0,
    // No partition holds more than the budget's entries, plus the one a store inserts before
    // `enforceBudget` evicts: it grows to that, not past it (a cap alone doubled at the cap).
    maxCapacity: maxEntries + 1,
  };
}

/** An answer's text and its record with three numbers (decision 027). */
function heldAnswerBytes(payload: unknown): number {
  return 48 + stringBytes((payload as HeldAnswer).responseJson);
}

/**
 * How every engine is set up, beside its embedder and clock. The memo only has to bridge a miss and
 * the store that follows it, and there is one per resident account: a small one keeps memory with
 * the budget. Exported for bench/support/cache-memory.ts, which measures entries as held here.
 */
export const ENGINE_OPTIONS = {
  memoCapacity: 64,
  index: INDEX_SEARCH,
  payloadBytes: heldAnswerBytes,
};

/** What the index may hold in memory, across every account. */
export interface CacheBudget {
  /** CACHE_INDEX_MAX_ENTRIES */
  maxEntries: number;
  /** CACHE_INDEX_MAX_MB, in bytes as the engines count them (SemanticCache.bytes). */
  maxBytes: number;
}

/** One account's engines, by embedder: the local one, and a provider's if the account chose it. */
type AccountEngines = Map<CacheEmbedderChoice, SemanticCache>;

/**
 * The cache in memory, per account: one `@tokenwise/semantic-cache` engine per account and
 * embedder (the local embedder's word vectors are shared by all). Memory is bounded by a budget
 * of entries and of bytes across accounts: past either, the account used longest ago leaves memory
 * whole (its rows stay in the database and are loaded again when it next asks, see
 * ResponseCache). An account alone over the budget keeps its newest entries. Docs:
 * docs/decisions/020-*, 027-*.
 */
export class CacheIndex {
  /** Resident accounts, least recently used first (Map order, refreshed on each use). */
  private readonly accounts = new Map<string, AccountEngines>();
  readonly embedder = createLocalEmbedder();

  constructor(
    private readonly deps: AppDeps,
    private readonly remoteEmbed: RemoteEmbed,
    private readonly budget: CacheBudget,
  ) {}

  /** Entries held in memory across every account (CACHE_INDEX_MAX_ENTRIES). */
  get maxEntries(): number {
    return this.budget.maxEntries;
  }

  isResident(accountId: string): boolean {
    return this.accounts.has(accountId);
  }

  /** Marks the account used now, making it resident (empty) if it was not. */
  touch(accountId: string): AccountEngines {
    let engines = this.accounts.get(accountId);
    if (engines) this.accounts.delete(accountId);
    else engines = new Map();
    this.accounts.set(accountId, engines);
    return engines;
  }

  /** The engine for an account's embedder choice (made on first use); marks the account used. */
  engineFor(accountId: string, embedder: CacheEmbedderChoice): SemanticCache {
    const engines = this.touch(accountId);
    let engine = engines.get(embedder);
    if (!engine) {
      const made =
        embedder === 'local'
          ? this.embedder
          : createAccountEmbedder(accountId, embedder, this.remoteEmbed);
      engine = new SemanticCache({
        ...ENGINE_OPTIONS,
        index: indexOptionsFor(this.budget.maxEntries),
        embedder: made,
        clock: this.deps.clock,
      });
      engines.set(embedder, engine);
    }
    return engine;
  }

  /** The engine a stored row belongs in, by the embedder that made its vector. */
  engineOfRow(row: CacheEntryRow): SemanticCache {
    return this.engineFor(row.account_id, providerOfEmbedder(row.embedder_id) ?? 'local');
  }

  has(id: string): boolean {
    for (const e of this.engines()) if (e.get(id)) return true;
    return false;
  }

  remove(id: string): void {
    for (const e of this.engines()) e.remove(id);
  }

  residentAccounts(): string[] {
    return [...this.accounts.keys()];
  }

  /** The ids of an account's entries in memory, across its engines. */
  idsOf(accountId: string): string[] {
    return [...(this.accounts.get(accountId)?.values() ?? [])].flatMap((e) => e.ids());
  }

  /**
   * Drops an account's entries from memory (those whose prompt matches `pattern`, if given) and
   * returns their ids; the account stays resident.
   */
  invalidateAccount(accountId: string, pattern?: string): string[] {
    return [...(this.accounts.get(accountId)?.values() ?? [])].flatMap((e) =>
      e.invalidate(pattern === undefined ? { accountId } : { accountId, pattern }),
    );
  }

  /**
   * Brings memory back within the budget: whole accounts leave, least recently used first, never
   * `keep` (the account being served); if `keep` alone is over, its oldest entries go.
   */
  enforceBudget(keep: string): void {
    for (const accountId of this.accounts.keys()) {
      if (!this.overBudget()) return;
      if (accountId !== keep) this.accounts.delete(accountId);
    }
    for (const e of this.accounts.get(keep)?.values() ?? []) {
      // Entries over the count go at once; past the bytes, one at a time until they fit.
      while (this.overBudget() && e.size() > 0)
        e.evictOldest(Math.max(1, this.size() - this.budget.maxEntries));
    }
  }

  private overBudget(): boolean {
    return this.size() > this.budget.maxEntries || this.bytes() > this.budget.maxBytes;
  }

  /** Drops expired entries from memory, across every engine. */
  purgeExpired(): void {
    for (const e of this.engines()) e.purgeExpired();
  }

  /** Entries held in memory, across every engine. */
  size(): number {
    let n = 0;
    for (const e of this.engines()) n += e.size();
    return n;
  }

  /** Bytes held in memory, across every engine (SemanticCache.bytes). */
  bytes(): number {
    let n = 0;
    for (const e of this.engines()) n += e.bytes();
    return n;
  }

  private *engines(): Iterable<SemanticCache> {
    for (const engines of this.accounts.values()) yield* engines.values();
  }
}
