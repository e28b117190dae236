import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CacheStats, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/stats`: hit rate (percent), hits and misses. */
export function getCacheStats(): Promise<CacheStats> {
  return callEndpoint(endpoints.semanticCache.stats);
}

export const cacheStatsQueryOptions = queryOptions({
  queryKey: [...SEMANTIC_CACHE_QUERY_KEY, 'stats'],
  queryFn: getCacheStats,
});

export function useCacheStats() {
  return useQuery(cacheStatsQueryOptions);
}
