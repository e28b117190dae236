import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type RoutingConfig } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ROUTING_CONFIG_QUERY_KEY } from './get-routing-config.ts';

/** `PUT /v1/routing/config` (owners and admins); the answer is the config as stored. */
export function saveRoutingConfig(body: RoutingConfig): Promise<RoutingConfig> {
  return callEndpoint(endpoints.routing.saveConfig, { body });
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
