import type { Selectable } from 'kysely';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** sha256 of the full key: how a request finds its key. */
  key_hash: string;
  /** The full key sealed with ENCRYPTION_KEY, so the screen can reveal and copy it. */
  key_sealed: string;
  /** First characters of the key, shown masked in lists and logs. */
  key_prefix: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface ProviderKeysTable {
  id: string;
  account_id: string;
  provider: string;
  label: string | null;
  /** AES-256-GCM sealed; never returned by any API, never logged. */
  key_sealed: string;
  created_at: number;
  last_used_at: number | null;
}
export type ProviderKeyRow = Selectable<ProviderKeysTable>;

/** One row per account: every tunable of the gateway that the dashboard edits. */
export interface AccountSettingsTable {
  account_id: string;
  /** Percent of requests sent unoptimized as the savings baseline (0-100). */
  baseline_sample_rate: number;
  optimization_level: 'conservative' | 'balanced' | 'aggressive';
  pii_enabled: number;
  pii_redact_emails: number;
  pii_redact_phones: number;
  pii_redact_ssn: number;
  pii_redact_credit_cards: number;
  pii_redact_ip_addresses: number;
  pii_redact_secrets: number;
  cache_enabled: number;
  cache_similarity_threshold: number;
  cache_ttl_seconds: number;
  cache_embedder: 'local' | 'openai' | 'gemini' | 'mistral';
  routing_enabled: number;
  routing_threshold_simple: number;
  routing_threshold_complex: number;
  updated_at: number;
}
export type AccountSettingsRow = Selectable<AccountSettingsTable>;

export interface RequestLogsTable {
  id: string;
  account_id: string;
  api_key_id: string | null;
  created_at: number;
  /** chat | messages | embeddings */
  endpoint: string;
  status: 'success' | 'error';
  http_status: number;
  error_message: string | null;
  provider: string;
  /** The model that answered. */
  model: string;
  requested_model: string;
  routed_model: string | null;
  was_routed: number;
  difficulty: string | null;
  /**
   * N when routing would not use the difficulty and this request was not the one in N scored
   * (decision 051); null when it was scored, or could not be.
   */
  difficulty_not_sampled: number | null;
  optimization_level: string | null;
  cache_hit: number;
  /** hit | miss | bypass | off (null on rows from before the cache existed). */
  cache_status: string | null;
  is_stream: number;
  /** 1 when sent unoptimized as part of the A/B baseline sample. */
  is_baseline: number;
  /** 1 when sent unoptimized because the account was over its monthly quota. */
  is_passthrough: number;
  tokens_in: number;
  tokens_out: number;
  /** Prompt tokens before optimization (tokens_in + tokens_saved for an optimized request). */
  original_tokens_in: number;
  tokens_saved: number;
  actual_cost: number;
  cost_saved: number;
  latency_ms: number;
  original_text: string | null;
  optimized_text: string | null;
  response_text: string | null;
  /** JSON: stage details (difficulty reasons, cache entry and similarity, redaction counts…). */
  details: string | null;
}
export type RequestLogRow = Selectable<RequestLogsTable>;
