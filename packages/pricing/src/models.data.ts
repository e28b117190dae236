import type { ProviderId } from './types.ts';

/**
 * The catalog: the model ids the gateway lists on GET /v1/models and may route to, per provider,
 * written as each provider's API accepts them. Every price comes from genai-prices at load time;
 * an id it does not price is left out of the catalog (see README).
 *
 * Order matters: when two models of a tier cost the same, routing takes the one listed first, so
 * each provider's newer models come first.
 *
 * Models their provider has retired stay resolvable (old traffic still names them and is priced)
 * but are not listed here, so routing never sends a request to a model that will refuse it:
 * Gemini 1.5 Pro/Flash (shut down 2025-09), Claude 3.5 Sonnet (2025-10-22), Claude 3 Opus
 * (2026-01-05), Claude 3.7 Sonnet and 3.5 Haiku (2026-02), gpt-4.5-preview (2025-07), Gemini 3
 * Pro Preview (2026-03-09), Claude 3 Haiku (2026-04-20), Gemini 2.0 Flash and Flash-Lite
 * (2026-06-01). Each was the cheapest of its provider's tier, so routing sent every simple request
 * there (decision 111).
 */
export const CATALOG_IDS: Record<ProviderId, readonly string[]> = {
  openai: [
    'gpt-5.4',
    'gpt-5.2',
    'gpt-5.1',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano',
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'gpt-4o',
    'gpt-4o-mini',
    'o4-mini',
    'o3',
    'o3-mini',
    'o1',
    'gpt-3.5-turbo',
    'text-embedding-3-small',
    'text-embedding-3-large',
  ],
  anthropic: [
    'claude-opus-5',
    'claude-sonnet-5',
    'claude-opus-4-7',
    'claude-opus-4-6',
    'claude-sonnet-4-6',
    'claude-opus-4-5',
    'claude-haiku-4-5',
    'claude-sonnet-4-5',
    'claude-opus-4-1',
    'claude-opus-4-0',
    'claude-sonnet-4-0',
  ],
  gemini: [
    'gemini-3.1-pro-preview',
    'gemini-3-flash-preview',
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-embedding-001',
  ],
  mistral: [
    'mistral-large-latest',
    'mistral-medium-latest',
    'mistral-small-latest',
    'ministral-8b-latest',
    'codestral-latest',
    'pixtral-large-latest',
    'pixtral-12b-latest',
    'open-mistral-nemo',
    'mistral-embed',
  ],
  groq: [
    'llama-3.3-70b-versatile',
    'llama-3.1-8b-instant',
    'meta-llama/llama-4-maverick-17b-128e-instruct',
    'meta-llama/llama-4-scout-17b-16e-instruct',
    'openai/gpt-oss-120b',
    'openai/gpt-oss-20b',
    'qwen/qwen3-32b',
    'moonshotai/kimi-k2-instruct',
  ],
};
