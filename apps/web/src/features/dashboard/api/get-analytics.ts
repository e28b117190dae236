import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type AnalyticsResponse, endpoints, type TimeRange } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type AnalyticsFilters, analyticsQuery } from '../analytics-filters.ts';

export function getAnalytics(
  timeRange: TimeRange,
  filters: AnalyticsFilters,
  cursor?: string,
): Promise<AnalyticsResponse> {
  return callEndpoint(endpoints.analytics.overview, {
    query: analyticsQuery(timeRange, filters, cursor),
  });
}

/**
 * Stats, comparison and chart come with the first page; each Load More adds the next page of
 * recent requests, following the server's cursor.
 */
export function analyticsQueryOptions(timeRange: TimeRange, filters: AnalyticsFilters) {
  return infiniteQueryOptions({
    queryKey: ['analytics', 'requests', timeRange, filters],
    queryFn: ({ pageParam }) => getAnalytics(timeRange, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.pagination.has_more ? (last.pagination.next_cursor ?? undefined) : undefined,
  });
}

/** Keeps the previous answer on screen while a new period or filter loads, so nothing flashes. */
export function useAnalytics(timeRange: TimeRange, filters: AnalyticsFilters) {
  return useInfiniteQuery({
    ...analyticsQueryOptions(timeRange, filters),
    placeholderData: keepPreviousData,
  });
}
