import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { InvalidationResult } from './clear-cache.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `DELETE /v1/semantic-cache/invalidate/{pattern}`: entries whose prompt matches a glob. */
export function invalidateCachePattern(pattern: string): Promise<InvalidationResult> {
  return apiRequest<InvalidationResult>(
    `/v1/semantic-cache/invalidate/${encodeURIComponent(pattern)}`,
    { method: 'DELETE' },
  );
}

export function useInvalidateCachePattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invalidateCachePattern,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEMANTIC_CACHE_QUERY_KEY }),
  });
}
