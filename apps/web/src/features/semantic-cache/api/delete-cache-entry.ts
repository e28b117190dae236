import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/entries/{id}`: the next matching request goes to the provider. */
export function deleteCacheEntry(id: string): Promise<SuccessResponse> {
  return callEndpoint(endpoints.semanticCache.deleteEntry, { params: { id } });
}

export function useDeleteCacheEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCacheEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEMANTIC_CACHE_QUERY_KEY }),
  });
}
