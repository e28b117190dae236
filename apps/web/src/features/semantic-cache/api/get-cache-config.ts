import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CacheConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

export const CACHE_CONFIG_QUERY_KEY = [...SEMANTIC_CACHE_QUERY_KEY, 'config'] as const;

/** `GET /v1/semantic-cache/config`. */
export function getCacheConfig(): Promise<CacheConfig> {
  return apiRequest<CacheConfig>('/v1/semantic-cache/config');
}

export const cacheConfigQueryOptions = queryOptions({
  queryKey: CACHE_CONFIG_QUERY_KEY,
  queryFn: getCacheConfig,
});

export function useCacheConfig() {
  return useQuery(cacheConfigQueryOptions);
}
