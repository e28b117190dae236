import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CacheAnalytics } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/analytics`: entry count, savings, and both breakdowns. */
export function getCacheAnalytics(): Promise<CacheAnalytics> {
  return apiRequest<CacheAnalytics>('/v1/semantic-cache/analytics');
}

export const cacheAnalyticsQueryOptions = queryOptions({
  queryKey: [...SEMANTIC_CACHE_QUERY_KEY, 'analytics'],
  queryFn: getCacheAnalytics,
});

export function useCacheAnalytics() {
  return useQuery(cacheAnalyticsQueryOptions);
}
