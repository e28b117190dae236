import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export const ROUTING_CONFIG_QUERY_KEY = ['routing', 'config'] as const;

/** `GET /v1/routing/config`. */
export function useRoutingConfig() {
  return useEndpointQuery(ROUTING_CONFIG_QUERY_KEY, endpoints.routing.getConfig);
}
