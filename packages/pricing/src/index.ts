export { BoundedTokenCount, EXACT_COUNT_CHARS } from './bounded-count.ts';
export { cheapestInTier, listModels, meetsNeeds } from './catalog.ts';
export { costOf } from './cost.ts';
export { countInSlices } from './count-in-slices.ts';
export { PRICES_SOURCE } from './price-source.ts';
export { RecentTexts } from './recent-texts.ts';
export {
  isTextCompletionModel,
  parseModelName,
  resolveModel,
  resolveServedModel,
} from './resolve-model.ts';
export { TIER_BOUNDARIES, TIERS, tierForInputPrice } from './tiers.ts';
export {
  countChat,
  countChatTokens,
  countTextsTokens,
  countTokens,
  countWith,
  type EncodingName,
  encodingFor,
} from './tokens.ts';
export type {
  Capabilities,
  ModelInfo,
  ModelNeeds,
  ProviderId,
  Tier,
  TokenUsage,
} from './types.ts';
export { PROVIDER_IDS } from './types.ts';
