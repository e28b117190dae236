import { Group } from '@mantine/core';
import type { TimeRange } from '@tokenwise/contracts';
import { ExportButton } from '../../../components/export-button.tsx';
import type { AnalyticsFilters } from '../analytics-filters.ts';
import { analyticsExportFileName, analyticsExportPath } from '../api/export-analytics.ts';

/**
 * Export CSV and Export JSON of the selected period and active filters (what the table lists); a
 * failure is reported through `onError`.
 */
export function ExportButtons({
  timeRange,
  filters,
  onError,
}: {
  timeRange: TimeRange;
  filters: AnalyticsFilters;
  onError: (message: string | null) => void;
}) {
  return (
    <Group gap="xs">
      <ExportButton
        label="Export CSV"
        path={analyticsExportPath('csv', timeRange, filters)}
        fileName={analyticsExportFileName('csv')}
        errorText="Failed to export CSV. Please try again."
        onError={onError}
      />
      <ExportButton
        label="Export JSON"
        path={analyticsExportPath('json', timeRange, filters)}
        fileName={analyticsExportFileName('json')}
        errorText="Failed to export JSON. Please try again."
        onError={onError}
      />
    </Group>
  );
}
