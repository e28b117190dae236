import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelBreakdown, TimeRange } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getModelBreakdown(timeRange: TimeRange): Promise<ModelBreakdown> {
  return apiRequest<ModelBreakdown>(`/v1/analytics/models?time_range=${timeRange}`);
}

export function modelBreakdownQueryOptions(timeRange: TimeRange) {
  return queryOptions({
    queryKey: ['analytics', 'models', timeRange],
    queryFn: () => getModelBreakdown(timeRange),
  });
}

export function useModelBreakdown(timeRange: TimeRange) {
  return useQuery(modelBreakdownQueryOptions(timeRange));
}
