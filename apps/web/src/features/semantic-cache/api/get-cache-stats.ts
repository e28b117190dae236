import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/stats`: hit rate (percent), hits and misses. */
export function useCacheStats() {
  return useEndpointQuery([...SEMANTIC_CACHE_QUERY_KEY, 'stats'], endpoints.semanticCache.stats);
}
