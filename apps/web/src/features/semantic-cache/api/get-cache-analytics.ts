import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CacheAnalytics, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/analytics`: entry count, savings, and both breakdowns. */
export function getCacheAnalytics(): Promise<CacheAnalytics> {
  return callEndpoint(endpoints.semanticCache.analytics);
}

export const cacheAnalyticsQueryOptions = queryOptions({
  queryKey: [...SEMANTIC_CACHE_QUERY_KEY, 'analytics'],
  queryFn: getCacheAnalytics,
});

export function useCacheAnalytics() {
  return useQuery(cacheAnalyticsQueryOptions);
}
