import { endpoints, type TimeRange } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export function useModelBreakdown(timeRange: TimeRange) {
  return useEndpointQuery(['analytics', 'models', timeRange], endpoints.analytics.models, {
    input: { query: { time_range: timeRange } },
  });
}
