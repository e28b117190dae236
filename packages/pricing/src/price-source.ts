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

// Matching a model id against genai-prices' rules is most of the cost of a price lookup, and the
// gateway prices every request twice. A model whose price is one flat rate per direction is
// remembered for a minute (a dated price change applies within that minute); tiered prices are
// looked up every time, as the tier depends on the call's size.
const FLAT_RATE_TTL_MS = 60_000;
const FLAT_RATES_MAX = 1_000;
const flatRates = new Map<string, { input: number; output: number; until: number }>();

/** USD for one call, with genai-prices applying any long-context tier and dated price change. */
export function priceOfCall(
  provider: ProviderId,
  modelId: string,
  usage: TokenUsage,
): number | undefined {
  // Prompt-cache reads and writes and web searches have rates of their own: such calls always go
  // to genai-prices.
  const ownRates =
    (usage.cacheReadTokens ?? 0) > 0 ||
    (usage.cacheWriteTokens ?? 0) > 0 ||
    (usage.webSearches ?? 0) > 0;
  if (ownRates) return priceCall(provider, modelId, usage)?.total_price;
  const key = `${provider}/${modelId}`;
  const now = Date.now();
  const flat = flatRates.get(key);
  if (flat && flat.until > now) return flatPrice(flat, usage);
  const result = priceCall(provider, modelId, usage);
  if (!result) return undefined;
  const rates = flatRatesOf(result.model_price, usage, result.total_price);
  if (rates) {
    if (flatRates.size >= FLAT_RATES_MAX) flatRates.clear();
    flatRates.set(key, { ...rates, until: now + FLAT_RATE_TTL_MS });
  }
  return result.total_price;
}

/**
 * The model's two per-1M rates when its price for a call of input and output tokens alone is
 * exactly input × rate + output × rate: no tiered rate, and no per-request fee, which the check
 * against the price genai-prices just gave for this call would reveal. Other rates (audio…) apply
 * to usage the gateway never reports, and calls with cache or search usage are not priced here.
 */
function flatRatesOf(
  price: ModelPrice,
  usage: TokenUsage,
  total: number,
): { input: number; output: number } | undefined {
  for (const [k, v] of Object.entries(price)) {
    if (v === undefined) continue;
    if (typeof v !== 'number' || k === 'requests_kcount') return undefined;
  }
  const input = price.input_mtok ?? 0;
  const output = price.output_mtok ?? 0;
  if (typeof input !== 'number' || typeof output !== 'number') return undefined;
  const flat = { input, output };
  return flatPrice(flat, usage) === total ? flat : undefined;
}

function flatPrice(rates: { input: number; output: number }, usage: TokenUsage): number {
  // The same arithmetic, in the same order, as genai-prices' own calculation.
  return (rates.input * usage.inputTokens) / 1e6 + (rates.output * usage.outputTokens) / 1e6;
}

function priceCall(provider: ProviderId, modelId: string, usage: TokenUsage) {
  const providerId = GENAI_PROVIDER_ID[provider];
  const result = calcPrice(
    {
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      cache_read_tokens: usage.cacheReadTokens,
      cache_write_tokens: usage.cacheWriteTokens,
      // genai-prices' per-1,000 search rate (Anthropic: $10), where it lists one.
      web_searches: usage.webSearches,
    },
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
