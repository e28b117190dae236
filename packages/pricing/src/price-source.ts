import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { calcPrice, type ModelPrice } from '@pydantic/genai-prices';
import type { ProviderId, TokenUsage } from './types.ts';

/** genai-prices names Gemini's provider after Google. */
const GENAI_PROVIDER_ID: Record<ProviderId, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'google',
  mistral: 'mistral',
  groq: 'groq',
};

export interface ListedPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * The per-1M prices genai-prices lists today for a model id, matched by its own rules (dated
 * snapshots and aliases included). Tiered prices give their base rate: the rate for prompts below
 * the long-context threshold, which is what a catalog row shows.
 */
export function listedPrice(provider: ProviderId, modelId: string): ListedPrice | undefined {
  const result = priceCall(provider, modelId, { inputTokens: 0, outputTokens: 0 });
  if (!result) return undefined;
  const input = baseRate(result.model_price.input_mtok);
  if (input === undefined) return undefined;
  return {
    inputPerMillion: input,
    outputPerMillion: baseRate(result.model_price.output_mtok) ?? 0,
  };
}

/** USD for one call, with genai-prices applying any long-context tier and dated price change. */
export function priceOfCall(
  provider: ProviderId,
  modelId: string,
  usage: TokenUsage,
): number | undefined {
  return priceCall(provider, modelId, usage)?.total_price;
}

function priceCall(provider: ProviderId, modelId: string, usage: TokenUsage) {
  const providerId = GENAI_PROVIDER_ID[provider];
  const result = calcPrice(
    { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
    modelId,
    { providerId },
  );
  // A price found under another provider would be another company's rate.
  return result && result.provider.id === providerId ? result : undefined;
}

function baseRate(price: ModelPrice[string]): number | undefined {
  if (typeof price === 'number') return price;
  return price?.base;
}

function readPricesPackage(): { name: string; version: string; license: string } {
  const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
}

const pricesPackage = readPricesPackage();

/** Where every price comes from: the installed genai-prices package and its bundled data. */
export const PRICES_SOURCE: { package: string; version: string; licence: string } = {
  package: pricesPackage.name,
  version: pricesPackage.version,
  licence: pricesPackage.license,
};
