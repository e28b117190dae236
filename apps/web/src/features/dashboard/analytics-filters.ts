import { ANALYTICS_PAGE_SIZE, type Provider, type TimeRange } from '@tokenwise/contracts';

/** What the recent-requests filters hold; empty strings mean "any". */
export interface AnalyticsFilters {
  provider: Provider | '';
  model: string;
  cache_status: 'hit' | 'miss' | '';
  status: 'success' | 'error' | '';
  search: string;
}

export const NO_FILTERS: AnalyticsFilters = {
  provider: '',
  model: '',
  cache_status: '',
  status: '',
  search: '',
};

export function hasActiveFilters(filters: AnalyticsFilters): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

/**
 * The query string of `GET /v1/analytics`. Blank filters are left out rather than sent empty, and
 * later pages skip the comparison: it belongs to the first page's stat cards only.
 */
export function analyticsQueryString(
  timeRange: TimeRange,
  filters: AnalyticsFilters,
  cursor?: string,
): string {
  const params = new URLSearchParams({
    time_range: timeRange,
    compare: cursor ? 'false' : 'true',
    limit: String(ANALYTICS_PAGE_SIZE),
  });
  if (cursor) params.set('cursor', cursor);
  setFilterParams(params, filters);
  return params.toString();
}

/** The query string of the exports: the period and the filters the table is showing. */
export function exportQueryString(timeRange: TimeRange, filters: AnalyticsFilters): string {
  const params = new URLSearchParams({ time_range: timeRange });
  setFilterParams(params, filters);
  return params.toString();
}

function setFilterParams(params: URLSearchParams, filters: AnalyticsFilters): void {
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) params.set(key, trimmed);
  }
}
