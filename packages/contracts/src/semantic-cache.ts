import { z } from 'zod';

export const CACHE_TTL_OPTIONS = [900, 1800, 3600, 7200, 14400, 86400] as const;
export const CACHE_ENTRIES_LIMIT = 20;

export const CacheStats = z.object({
  hit_rate: z.number(),
  total_hits: z.number(),
  total_misses: z.number(),
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
