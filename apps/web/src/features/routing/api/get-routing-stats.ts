import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type RoutingStats } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const ROUTING_STATS_QUERY_KEY = ['routing', 'stats'] as const;

/** `GET /v1/routing/stats`: the last 30 days of the account's traffic. */
export function getRoutingStats(): Promise<RoutingStats> {
  return callEndpoint(endpoints.routing.stats);
}

export const routingStatsQueryOptions = queryOptions({
  queryKey: ROUTING_STATS_QUERY_KEY,
  queryFn: getRoutingStats,
});

export function useRoutingStats() {
  return useQuery(routingStatsQueryOptions);
}
