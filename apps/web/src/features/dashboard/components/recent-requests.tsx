import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RecentRequest } from '@tokenwise/contracts';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { formatNumber, formatTotal } from '../../../lib/format.ts';
import { type AnalyticsFilters, hasActiveFilters, NO_FILTERS } from '../analytics-filters.ts';
import { NoRequestsYet } from './no-requests-yet.tsx';
import { RequestFilters } from './request-filters.tsx';
import { RequestsTable } from './requests-table.tsx';

interface RecentRequestsProps {
  requests: RecentRequest[];
  totalCount: number;
  /** A text search stopped counting at totalCount: shown as "1,000+". */
  totalCountCapped: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  filters: AnalyticsFilters;
  onFiltersChange: (filters: AnalyticsFilters) => void;
}

/** The newest requests of the period, 25 at a time, with the Show/Hide Filters panel. */
export function RecentRequests(props: RecentRequestsProps) {
  const { requests, totalCount, hasMore, filters, onFiltersChange } = props;
  const [showFilters, setShowFilters] = useState(false);
  const filtered = hasActiveFilters(filters);

  let content: ReactNode;
  if (requests.length > 0) content = <RequestsTable requests={requests} />;
  else if (filtered) content = <Text c="dimmed">No requests match these filters.</Text>;
  else content = <NoRequestsYet />;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Recent Requests</Title>
          <Button variant="default" size="xs" onClick={() => setShowFilters((s) => !s)}>
            {showFilters ? 'Hide Filters' : 'Show Filters'}
          </Button>
        </Group>
        {showFilters ? (
          <RequestFilters
            filters={filters}
            onChange={onFiltersChange}
            onClear={() => onFiltersChange(NO_FILTERS)}
          />
        ) : null}
        {content}
        {hasMore ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Showing {formatNumber(requests.length)} of{' '}
              {formatTotal(totalCount, props.totalCountCapped)} total requests
            </Text>
            <Button variant="light" loading={props.loadingMore} onClick={props.onLoadMore}>
              Load More
            </Button>
          </Group>
        ) : null}
        <FormError
          message={props.loadMoreFailed ? 'Failed to load more requests. Please try again.' : null}
        />
      </Stack>
    </Paper>
  );
}
