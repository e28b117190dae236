import { endpoints, type TimeRange } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export function useProviderBreakdown(timeRange: TimeRange) {
  return useEndpointQuery(['analytics', 'providers', timeRange], endpoints.analytics.providers, {
    input: { query: { time_range: timeRange } },
  });
}
