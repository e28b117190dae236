import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** What both invalidation calls answer. */
export interface InvalidationResult {
  message: string;
  removed: number;
}

/** `DELETE /v1/semantic-cache/invalidate`: every entry of the account. */
export function clearCache(): Promise<InvalidationResult> {
  return apiRequest<InvalidationResult>('/v1/semantic-cache/invalidate', { method: 'DELETE' });
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEMANTIC_CACHE_QUERY_KEY }),
  });
}
