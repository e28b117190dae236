import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

export const CACHE_CONFIG_QUERY_KEY = [...SEMANTIC_CACHE_QUERY_KEY, 'config'] as const;

/** `GET /v1/semantic-cache/config`. */
export function useCacheConfig() {
  return useEndpointQuery(CACHE_CONFIG_QUERY_KEY, endpoints.semanticCache.getConfig);
}
