import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CacheConfig, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

export const CACHE_CONFIG_QUERY_KEY = [...SEMANTIC_CACHE_QUERY_KEY, 'config'] as const;

/** `GET /v1/semantic-cache/config`. */
export function getCacheConfig(): Promise<CacheConfig> {
  return callEndpoint(endpoints.semanticCache.getConfig);
}

export const cacheConfigQueryOptions = queryOptions({
  queryKey: CACHE_CONFIG_QUERY_KEY,
  queryFn: getCacheConfig,
});

export function useCacheConfig() {
  return useQuery(cacheConfigQueryOptions);
}
