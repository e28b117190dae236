import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/analytics`: entry count, savings, and both breakdowns. */
export function useCacheAnalytics() {
  return useEndpointQuery(
    [...SEMANTIC_CACHE_QUERY_KEY, 'analytics'],
    endpoints.semanticCache.analytics,
  );
}
