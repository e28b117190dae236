import type { Selectable } from 'kysely';

/** One cached answer. Text is stored as redacted (placeholders), never with the caller's PII. */
export interface CacheEntriesTable {
  id: string;
  account_id: string;
  /** account + provider + model family: an entry is only ever visible inside its scope. */
  scope: string;
  provider: string;
  model: string;
  exact_key: string;
  context_fingerprint: string;
  query_text: string;
  /** Float32 vector as base64; its embedder's id beside it so vectors are never mixed. */
  vector: string;
  embedder_id: string;
  /** The OpenAI-format answer (JSON). */
  response: string;
  tokens_in: number;
  tokens_out: number;
  /** What the original call cost: what each hit saves. */
  cost: number;
  hits: number;
  tokens_saved: number;
  cost_saved: number;
  last_hit_at: number | null;
  /** 1 after a thumbs-down on an answer it served: not served again until refreshed. */
  demoted: number;
  created_at: number;
  expires_at: number;
}
export type CacheEntryRow = Selectable<CacheEntriesTable>;
