import { priceOfCall } from './price-source.ts';
import type { ModelInfo, TokenUsage } from './types.ts';

/**
 * Cost in USD of a call, priced by genai-prices for the exact model id (so long-context tiers and
 * dated price changes apply). A missing, negative or non-finite count counts as 0 rather than
 * poisoning the account with NaN.
 */
export function costOf(model: ModelInfo, usage: TokenUsage): number {
  const inputTokens = tokens(usage.inputTokens);
  // Cached parts of the prompt are part of inputTokens and can never exceed it.
  const cacheReadTokens = Math.min(tokens(usage.cacheReadTokens ?? 0), inputTokens);
  const counted = {
    inputTokens,
    outputTokens: tokens(usage.outputTokens),
    cacheReadTokens,
    cacheWriteTokens: Math.min(tokens(usage.cacheWriteTokens ?? 0), inputTokens - cacheReadTokens),
    webSearches: tokens(usage.webSearches ?? 0),
  };
  const priced = priceOfCall(model.provider, model.id, counted);
  if (priced !== undefined) return priced;
  // A ModelInfo built elsewhere (e.g. read back from storage) still carries its listed rates.
  return (
    (counted.inputTokens * model.inputPerMillion + counted.outputTokens * model.outputPerMillion) /
    1_000_000
  );
}

function tokens(count: number): number {
  return Number.isFinite(count) && count > 0 ? count : 0;
}
