import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIME_RANGES, type TimeRange } from '@tokenwise/contracts';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PeriodSelector } from '../../components/period-selector.tsx';
import { NO_FILTERS } from './analytics-filters.ts';
import { useAnalytics } from './api/get-analytics.ts';
import { ActivityChart } from './components/activity-chart.tsx';
import { ExportButtons } from './components/export-buttons.tsx';
import { GettingStartedChecklist } from './components/getting-started-checklist.tsx';
import { PerformanceTables } from './components/performance-tables.tsx';
import { PromoCards } from './components/promo-cards.tsx';
import { RecentRequests } from './components/recent-requests.tsx';
import { StatCards } from './components/stat-cards.tsx';

/** Typing in a filter box asks the server once the user pauses, not on every key. */
const FILTER_DEBOUNCE_MS = 300;

export function DashboardScreen() {
  const [timeRange, setTimeRange] = useState<TimeRange>('30d');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [appliedFilters] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [exportError, setExportError] = useState<string | null>(null);
  const analytics = useAnalytics(timeRange, appliedFilters);
  const pages = analytics.data?.pages;
  const first = pages?.[0];
  const last = pages?.at(-1);

  let body: ReactNode;
  if (analytics.isPending) body = <PageLoader label="Loading analytics..." />;
  else if (!first || !last) {
    body = <LoadError load={analytics} fallback="Failed to load analytics" />;
  } else {
    // While another period or filter loads, the previous figures stay up, dimmed.
    body = (
      <Stack gap="lg" style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}>
        <StatCards stats={first.stats} comparison={first.comparison} />
        <ActivityChart points={first.chart ?? []} bucket={timeRange === '24h' ? 'hour' : 'day'} />
        <RecentRequests
          requests={pages.flatMap((p) => p.recent_requests)}
          totalCount={last.pagination.total_count}
          totalCountCapped={last.pagination.total_count_capped === true}
          hasMore={analytics.hasNextPage}
          loadingMore={analytics.isFetchingNextPage}
          loadMoreFailed={analytics.isFetchNextPageError}
          onLoadMore={() => void analytics.fetchNextPage()}
          filters={filters}
          onFiltersChange={setFilters}
        />
        <PerformanceTables timeRange={timeRange} />
        <PromoCards />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        actions={
          <>
            <PeriodSelector value={timeRange} options={TIME_RANGES} onChange={setTimeRange} />
            <ExportButtons
              timeRange={timeRange}
              filters={appliedFilters}
              onError={setExportError}
            />
          </>
        }
      />
      <FormError message={exportError} />
      <GettingStartedChecklist />
      {body}
    </Stack>
  );
}
