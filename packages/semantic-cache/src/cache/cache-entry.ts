import type { GuardName } from '../guards/check-guards.ts';

export interface CacheEntry {
  id: string;
  scope: string;
  exactKey: string;
  contextFingerprint: string;
  queryText: string;
  /** Unit-length embedding of `queryText` by the cache's embedder. */
  vector: Float32Array;
  /** Epoch milliseconds; the entry is gone from that instant (Infinity: never expires). */
  expiresAt: number;
  /** Opaque payload owned by the gateway (the stored answer, token counts, ...). */
  payload?: unknown;
}

/**
 * An entry as the cache holds and returns it: its vector lives only in the index (decision 027),
 * and its scope and context strings are shared with the other entries that have them.
 */
export type HeldEntry = Omit<CacheEntry, 'vector'>;

/** What `prepare` computes for a request: everything of an entry the gateway does not choose. */
export type PreparedEntry = Omit<CacheEntry, 'id' | 'expiresAt' | 'payload'>;

export type LookupResult =
  | {
      kind: 'exact' | 'semantic';
      entry: HeldEntry;
      similarity: number;
      /** Set when the pair verifier admitted a hit below the threshold (decisions 036, 043). */
      verified?: true;
    }
  | {
      kind: 'miss';
      best?: { entry: HeldEntry; similarity: number; refusedBy: GuardName | 'threshold' };
    };

export interface InvalidationFilter {
  accountId?: string;
  scope?: string;
  /** Over queryText, case-insensitive: with '*' a whole-text glob, otherwise a substring. */
  pattern?: string;
}
