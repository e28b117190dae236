import type { ProviderId } from './providers.ts';

export type { ProviderId } from './providers.ts';
export { PROVIDER_IDS } from './providers.ts';

export type Tier = 'mini' | 'core' | 'premium';

export interface Capabilities {
  /** Function/tool calling. */
  tools: boolean;
  /** Image input. */
  vision: boolean;
  /** The provider can constrain the answer to JSON for this model. */
  jsonMode: boolean;
  /** Input context window in tokens. */
  contextWindow: number;
  /** The most tokens one answer may have; absent where the provider states no separate limit. */
  maxOutputTokens?: number;
  /** An embeddings model, never a chat target. */
  embeddings?: boolean;
  /**
   * A reasoning model (OpenAI o-series, gpt-5 line): it rejects temperature/top_p and bills its
   * hidden reasoning as output tokens.
   */
  reasoning?: boolean;
}

export interface ModelInfo {
  provider: ProviderId;
  /** The provider's own model id, sent upstream as is (a dated snapshot stays dated). */
  id: string;
  /** `provider/id`. */
  qualifiedId: string;
  /** USD per 1M input tokens, from genai-prices (the base rate of tiered prices). */
  inputPerMillion: number;
  /** USD per 1M output tokens, from genai-prices (0 for embeddings). */
  outputPerMillion: number;
  tier: Tier;
  capabilities: Capabilities;
  /** Generation and line of the model, used to scope cached answers. */
  family: string;
  /**
   * The capability table describes this model. A model it lacks (priced, but newer than the
   * table, or a variant it has no row for) is served as named and never routed.
   */
  capabilitiesKnown: boolean;
  /**
   * genai-prices lists this model. One it does not (newer than the installed list) is served by
   * `resolveServedModel` at 0 per token, its cost logged as unknown, and never routed (decision 146).
   */
  priced: boolean;
}

/** What a request needs from the model that answers it. */
export interface ModelNeeds {
  tools?: boolean;
  vision?: boolean;
  jsonMode?: boolean;
  minContext?: number;
  /** The answer length the caller asked for (`max_tokens`): the model must be allowed to write it. */
  maxOutput?: number;
  /** The request sets temperature or top_p, which reasoning models reject. */
  samplingParams?: boolean;
  /** Parameters only this model line takes (its `family`): the model must be of that line. */
  family?: string;
}

export interface TokenUsage {
  /** Every input token, cache reads and writes included. */
  inputTokens: number;
  outputTokens: number;
  /** Of inputTokens, those read from the provider's prompt cache (billed at its cache-read rate). */
  cacheReadTokens?: number;
  /** Of inputTokens, those written to the provider's prompt cache (Anthropic's cache-write rate). */
  cacheWriteTokens?: number;
  /** Web searches the provider ran for the call (Claude's web search tool), billed per search. */
  webSearches?: number;
}
