import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type RoutingConfig } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const ROUTING_CONFIG_QUERY_KEY = ['routing', 'config'] as const;

/** `GET /v1/routing/config`. */
export function getRoutingConfig(): Promise<RoutingConfig> {
  return callEndpoint(endpoints.routing.getConfig);
}

export const routingConfigQueryOptions = queryOptions({
  queryKey: ROUTING_CONFIG_QUERY_KEY,
  queryFn: getRoutingConfig,
});

export function useRoutingConfig() {
  return useQuery(routingConfigQueryOptions);
}
