import { CATALOG_IDS } from './models.data.ts';
import { resolveModel } from './resolve-model.ts';
import {
  type ModelInfo,
  type ModelNeeds,
  PROVIDER_IDS,
  type ProviderId,
  type Tier,
} from './types.ts';

/** Built once at load, in catalog order; ids genai-prices does not price are left out. */
const CATALOG: readonly ModelInfo[] = PROVIDER_IDS.flatMap((provider) =>
  CATALOG_IDS[provider].flatMap((id) => resolveModel(`${provider}/${id}`) ?? []),
);

/** The catalog, or one provider's part of it, in catalog order. */
export function listModels(provider?: ProviderId): ModelInfo[] {
  return CATALOG.filter((model) => !provider || model.provider === provider);
}

/** Whether a model can serve a request with these needs. */
export function meetsNeeds(model: ModelInfo, needs: ModelNeeds): boolean {
  const caps = model.capabilities;
  if (caps.embeddings) return false;
  if (needs.tools && !caps.tools) return false;
  if (needs.vision && !caps.vision) return false;
  if (needs.jsonMode && !caps.jsonMode) return false;
  if (needs.samplingParams && caps.reasoning) return false;
  if (needs.family && model.family !== needs.family) return false;
  if (needs.maxOutput && caps.maxOutputTokens && needs.maxOutput > caps.maxOutputTokens) {
    return false;
  }
  return caps.contextWindow >= (needs.minContext ?? 0);
}

/**
 * The cheapest chat model of a provider's tier that meets every need: lowest input price, then
 * lowest output price, then catalog order (newer first).
 */
export function cheapestInTier(
  provider: ProviderId,
  tier: Tier,
  needs: ModelNeeds = {},
): ModelInfo | undefined {
  let best: ModelInfo | undefined;
  for (const model of CATALOG) {
    if (model.provider !== provider || model.tier !== tier || !meetsNeeds(model, needs)) continue;
    if (!best || isCheaper(model, best)) best = model;
  }
  return best;
}

function isCheaper(a: ModelInfo, b: ModelInfo): boolean {
  if (a.inputPerMillion !== b.inputPerMillion) return a.inputPerMillion < b.inputPerMillion;
  return a.outputPerMillion < b.outputPerMillion;
}
