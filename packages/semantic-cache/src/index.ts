export type {
  CacheEntry,
  HeldEntry,
  InvalidationFilter,
  LookupResult,
  PreparedEntry,
} from './cache/cache-entry.ts';
export { stringBytes } from './cache/entry-bytes.ts';
export { compileQueryPattern } from './cache/query-pattern.ts';
export { SemanticCache, type SemanticCacheOptions } from './cache/semantic-cache.ts';
export {
  createRemoteEmbedder,
  type Embedder,
  type RemoteEmbedderOptions,
} from './embedding/embedder.ts';
export {
  createLocalEmbedder,
  LOCAL_EMBEDDER_DEFAULTS,
  type LocalEmbedder,
  type LocalEmbedderOptions,
  type TermVector,
} from './embedding/local-embedder.ts';
export { checkGuards, GUARD_ORDER, type GuardName, guardFeatures } from './guards/check-guards.ts';
export { VectorIndex, type VectorIndexOptions } from './index/vector-index.ts';
export { type CacheKeyInput, type CacheKeys, cacheKeys } from './keys/cache-keys.ts';
export { parseScope, type ScopeParts, scopeOf } from './keys/scope.ts';
export {
  createFirstCheckVeto,
  FIRST_CHECK_VETO_ON_BY_DEFAULT,
  type FirstCheckVeto,
  VETO_FEATURE_NAMES,
  vetoFeatures,
} from './verifier/first-check-veto.ts';
export { PAIR_FEATURE_NAMES, type PairSide, pairFeatures } from './verifier/pair-features.ts';
export {
  createPairVerifier,
  PAIR_VERIFIER_ON_BY_DEFAULT,
  type PairVerifier,
} from './verifier/pair-verifier.ts';
