import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export const ROUTING_STATS_QUERY_KEY = ['routing', 'stats'] as const;

/** `GET /v1/routing/stats`: the last 30 days of the account's traffic. */
export function useRoutingStats() {
  return useEndpointQuery(ROUTING_STATS_QUERY_KEY, endpoints.routing.stats);
}
