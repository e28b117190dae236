import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderBreakdown, TimeRange } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getProviderBreakdown(timeRange: TimeRange): Promise<ProviderBreakdown> {
  return apiRequest<ProviderBreakdown>(`/v1/analytics/providers?time_range=${timeRange}`);
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
