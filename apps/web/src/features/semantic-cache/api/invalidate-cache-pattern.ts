import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CacheInvalidation, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/invalidate/{pattern}`: entries whose prompt matches a glob. */
export function invalidateCachePattern(pattern: string): Promise<CacheInvalidation> {
  return callEndpoint(endpoints.semanticCache.invalidatePattern, { params: { pattern } });
}

export function useInvalidateCachePattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invalidateCachePattern,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEMANTIC_CACHE_QUERY_KEY }),
  });
}
