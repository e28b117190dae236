/**
 * The providers the gateway speaks to, in the dashboard's order. The one list: the catalog, the
 * gateway's registry, the server's config and the contracts' `Provider` enum all read it. No
 * imports, so browser code (through @tokenwise/contracts) can use it without the price data.
 */
export const PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'mistral', 'groq'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
