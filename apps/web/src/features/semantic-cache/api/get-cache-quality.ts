import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { CACHE_CONFIG_QUERY_KEY } from './get-cache-config.ts';

/** Under the config's key: saving a new threshold refetches the figures measured nearest it. */
export const CACHE_QUALITY_QUERY_KEY = [...CACHE_CONFIG_QUERY_KEY, 'quality'] as const;

/** `GET /v1/semantic-cache/quality`. */
export function useCacheQuality() {
  return useEndpointQuery(CACHE_QUALITY_QUERY_KEY, endpoints.semanticCache.quality);
}
