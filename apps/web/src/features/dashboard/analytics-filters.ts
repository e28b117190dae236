import {
  ANALYTICS_PAGE_SIZE,
  type AnalyticsExportQueryInput,
  type AnalyticsQueryInput,
  FILTER_TEXT_MAX_CHARS,
  type Provider,
  type TimeRange,
} from '@tokenwise/contracts';

/** What the recent-requests filters hold; empty strings mean "any". */
export interface AnalyticsFilters {
  provider: Provider | '';
  model: string;
  cache_status: 'hit' | 'miss' | '';
  status: 'success' | 'error' | '';
  search: string;
}

/** The provider filter's choices, in the order spec section 2 gives them for this screen. */
export const FILTER_PROVIDERS: readonly Provider[] = [
  'openai',
  'anthropic',
  'groq',
  'mistral',
  'gemini',
];

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

type FilterQuery = Pick<
  AnalyticsExportQueryInput,
  'provider' | 'model' | 'cache_status' | 'status' | 'search'
>;

/**
 * The query of `GET /v1/analytics`. Blank filters are left out rather than sent empty, and later
 * pages skip the comparison: it belongs to the first page's stat cards only.
 */
export function analyticsQuery(
  timeRange: TimeRange,
  filters: AnalyticsFilters,
  cursor?: string,
): AnalyticsQueryInput {
  return {
    time_range: timeRange,
    compare: !cursor,
    limit: ANALYTICS_PAGE_SIZE,
    cursor,
    ...filterQuery(filters),
  };
}

/** The query of the exports: the period and the filters the table is showing. */
export function exportQuery(
  timeRange: TimeRange,
  filters: AnalyticsFilters,
): AnalyticsExportQueryInput {
  return { time_range: timeRange, ...filterQuery(filters) };
}

function filterQuery(filters: AnalyticsFilters): FilterQuery {
  return {
    provider: typed(filters.provider),
    model: typed(filters.model),
    cache_status: typed(filters.cache_status),
    status: typed(filters.status),
    search: typed(filters.search),
  };
}

/**
 * The typed text without its spaces, or undefined (not sent) when nothing is left. Text past the
 * server's limit (a pasted prompt) is cut there, as the inputs cut it: sent whole it was a 400 that
 * replaced the table, filters and all, with a Retry asking the same again.
 */
function typed<T extends string>(value: T | ''): T | undefined {
  const trimmed = clip(value.trim()).trim();
  return trimmed ? (trimmed as T) : undefined;
}

/** The first FILTER_TEXT_MAX_CHARS UTF-16 units, never half a surrogate pair (no URL carries one). */
function clip(text: string): string {
  if (text.length <= FILTER_TEXT_MAX_CHARS) return text;
  const cut = text.slice(0, FILTER_TEXT_MAX_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
