import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type ProviderBreakdown, type TimeRange } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function getProviderBreakdown(timeRange: TimeRange): Promise<ProviderBreakdown> {
  return callEndpoint(endpoints.analytics.providers, { query: { time_range: timeRange } });
}

export function providerBreakdownQueryOptions(timeRange: TimeRange) {
  return queryOptions({
    queryKey: ['analytics', 'providers', timeRange],
    queryFn: () => getProviderBreakdown(timeRange),
  });
}

export function useProviderBreakdown(timeRange: TimeRange) {
  return useQuery(providerBreakdownQueryOptions(timeRange));
}
