import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AnalyticsResponse, endpoints, type TimeRange } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type AnalyticsFilters, analyticsQuery } from '../analytics-filters.ts';

/**
 * One page, held to its contract: the query reads `pagination` of every page it holds, so a 200
 * that is something else (a proxy's page, a half-deployed server) threw inside the query's own
 * bookkeeping and left the screen on 'Loading analytics...' for good; refused here, it is a load
 * error with Retry.
 */
export async function getAnalytics(
  timeRange: TimeRange,
  filters: AnalyticsFilters,
  cursor?: string,
): Promise<AnalyticsResponse> {
  const answer = await callEndpoint(endpoints.analytics.overview, {
    query: analyticsQuery(timeRange, filters, cursor),
  });
  const page = AnalyticsResponse.safeParse(answer);
  if (!page.success) throw new Error('The analytics answer is not in the expected form');
  return page.data;
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
