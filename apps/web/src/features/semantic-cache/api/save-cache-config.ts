import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CacheConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { CACHE_CONFIG_QUERY_KEY } from './get-cache-config.ts';

/** `PUT /v1/semantic-cache/config` with the whole config; the answer is the config as stored. */
export function saveCacheConfig(body: CacheConfig): Promise<CacheConfig> {
  return apiRequest<CacheConfig>('/v1/semantic-cache/config', { method: 'PUT', body });
}

export function useSaveCacheConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCacheConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(CACHE_CONFIG_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: CACHE_CONFIG_QUERY_KEY });
    },
  });
}
