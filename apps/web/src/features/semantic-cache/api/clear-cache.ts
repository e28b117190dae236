import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CacheInvalidation, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/invalidate`: every entry of the account. */
export function clearCache(): Promise<CacheInvalidation> {
  return callEndpoint(endpoints.semanticCache.clear);
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEMANTIC_CACHE_QUERY_KEY }),
  });
}
