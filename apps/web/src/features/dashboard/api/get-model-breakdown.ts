import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type ModelBreakdown, type TimeRange } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function getModelBreakdown(timeRange: TimeRange): Promise<ModelBreakdown> {
  return callEndpoint(endpoints.analytics.models, { query: { time_range: timeRange } });
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
