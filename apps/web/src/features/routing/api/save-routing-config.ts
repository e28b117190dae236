import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoutingConfig } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ROUTING_CONFIG_QUERY_KEY } from './get-routing-config.ts';

/** `PUT /v1/routing/config` (owners and admins); the answer is the config as stored. */
export function saveRoutingConfig(body: RoutingConfig): Promise<RoutingConfig> {
  return apiRequest<RoutingConfig>('/v1/routing/config', { method: 'PUT', body });
}

export function useSaveRoutingConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoutingConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(ROUTING_CONFIG_QUERY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: ROUTING_CONFIG_QUERY_KEY });
    },
  });
}
