import { endpoints } from '@tokenwise/contracts';
import { useEndpointMutation } from '../../../lib/endpoint-mutation.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/invalidate/{pattern}`: entries whose prompt matches a glob. */
export function useInvalidateCachePattern() {
  return useEndpointMutation(
    endpoints.semanticCache.invalidatePattern,
    SEMANTIC_CACHE_QUERY_KEY,
    (pattern: string) => ({ params: { pattern } }),
  );
}
