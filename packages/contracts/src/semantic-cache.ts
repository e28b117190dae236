import { z } from 'zod';

export const CACHE_TTL_OPTIONS = [900, 1800, 3600, 7200, 14400, 86400] as const;
export const CACHE_ENTRIES_LIMIT = 20;

export const CacheStats = z.object({
  hit_rate: z.number(),
  total_hits: z.number(),
  total_misses: z.number(),
  /** What those hits saved (tokens_saved and cost_saved of their log rows), cleared entries too. */
  tokens_saved: z.number(),
  cost_saved: z.number(),
});
export type CacheStats = z.infer<typeof CacheStats>;

export const CACHE_EMBEDDERS = ['local', 'openai', 'gemini', 'mistral'] as const;

export const CacheConfig = z.object({
  enabled: z.boolean(),
  /** local: built in, no network. A provider: its embedding model, paid with the account's key. Omitted on save: unchanged. */
  embedder: z.enum(CACHE_EMBEDDERS).optional(),
  similarity_threshold: z.number().min(0.8).max(1),
  ttl_seconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 86400),
});
export type CacheConfig = z.infer<typeof CacheConfig>;
/** A save: a field left out keeps its stored value, as an alert's toggle sends only `enabled`. */
export const CacheConfigUpdate = CacheConfig.partial();
export type CacheConfigUpdate = z.infer<typeof CacheConfigUpdate>;

export const CacheAnalytics = z.object({
  total_entries: z.number(),
  total_tokens_saved: z.number(),
  total_cost_saved: z.number(),
  by_provider: z.array(
    z.object({ provider: z.string(), entries: z.number(), tokens_saved: z.number() }),
  ),
  by_model: z.array(z.object({ model: z.string(), entries: z.number(), tokens_saved: z.number() })),
});
export type CacheAnalytics = z.infer<typeof CacheAnalytics>;

export const CacheEntry = z.object({
  id: z.string(),
  prompt_preview: z.string(),
  provider: z.string(),
  model: z.string(),
  tokens_saved: z.number(),
  cost_saved: z.number(),
  hits: z.number(),
  last_hit_at: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Thumbs-down on an answer it served: not served again until a refresh replaces it. */
  demoted: z.boolean(),
});
export type CacheEntry = z.infer<typeof CacheEntry>;

export const CachePreviewRequest = z.object({
  prompt: z.string().min(1).max(100_000),
  model: z.string().max(200).optional(),
  system: z.string().max(100_000).optional(),
});
export const CacheWarmupRequest = z.object({
  model: z.string().min(1).max(200),
  entries: z
    .array(
      z.object({
        prompt: z.string().min(1).max(100_000),
        response: z.string().min(1).max(200_000),
        system: z.string().max(100_000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type CachePreviewRequest = z.infer<typeof CachePreviewRequest>;
export type CacheWarmupRequest = z.infer<typeof CacheWarmupRequest>;

/** GET /v1/semantic-cache/entries: one page, newest first. */
export const CacheEntriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CACHE_ENTRIES_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CacheEntriesQuery = z.infer<typeof CacheEntriesQuery>;
export const CacheEntriesPage = z.object({
  entries: z.array(CacheEntry),
  /** All live entries of the account, for the pager. */
  total: z.number(),
});
export type CacheEntriesPage = z.infer<typeof CacheEntriesPage>;

/** DELETE /v1/semantic-cache/invalidate/:pattern — a glob over the cached prompts. */
export const CachePatternParams = z.object({
  pattern: z.string().trim().min(1, 'Pattern is required').max(500),
});
/** What both invalidation calls answer. */
export const CacheInvalidation = z.object({ message: z.string(), removed: z.number() });
export type CacheInvalidation = z.infer<typeof CacheInvalidation>;

/**
 * The guard that kept a close prompt from being a hit, the similarity threshold, or the cache
 * being off for the account (the gateway then neither looks up nor stores).
 */
export const CACHE_REFUSALS = [
  'negation',
  'number',
  'date',
  'entity',
  'code_identifier',
  'instruction',
  'threshold',
  'disabled',
] as const;
export const CacheRefusal = z.enum(CACHE_REFUSALS);
export type CacheRefusal = z.infer<typeof CacheRefusal>;
export const CACHE_LAYERS = ['exact', 'semantic'] as const;

/** POST /v1/semantic-cache/preview: what the cache would do, without calling a provider. */
export const CachePreview = z.object({
  would_hit: z.boolean(),
  /** Which lookup would answer: the same prompt (exact) or a close one (semantic); null on a miss. */
  layer: z.enum(CACHE_LAYERS).nullable(),
  /** Of the best candidate; null when the account has nothing comparable cached. */
  similarity: z.number().nullable(),
  match: z.object({ id: z.string(), prompt_preview: z.string() }).nullable(),
  refused_by: CacheRefusal.nullable(),
  /** Present (true) only when the pair verifier admitted the hit below the threshold (decision 043). */
  verified: z.literal(true).optional(),
  threshold: z.number(),
});
export type CachePreview = z.infer<typeof CachePreview>;

/** POST /v1/semantic-cache/warmup: how many pairs were stored, and their entry ids. */
export const CacheWarmupResult = z.object({ loaded: z.number(), ids: z.array(z.string()) });
export type CacheWarmupResult = z.infer<typeof CacheWarmupResult>;
