import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CacheConfig, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { CACHE_CONFIG_QUERY_KEY } from './get-cache-config.ts';

/** `PUT /v1/semantic-cache/config` with the whole config; the answer is the config as stored. */
export function saveCacheConfig(body: CacheConfig): Promise<CacheConfig> {
  return callEndpoint(endpoints.semanticCache.saveConfig, { body });
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
