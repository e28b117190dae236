import { endpoints, endpointUrl, type TimeRange } from '@tokenwise/contracts';
import { isoDate } from '../../../components/download-file.ts';
import { type AnalyticsFilters, exportQuery } from '../analytics-filters.ts';

export type ExportFormat = 'csv' | 'json';

/** `GET /v1/analytics/export/csv|json`: every request of the period the filters let through. */
export function analyticsExportPath(
  format: ExportFormat,
  timeRange: TimeRange,
  filters: AnalyticsFilters,
): string {
  const endpoint =
    format === 'csv' ? endpoints.analytics.exportCsv : endpoints.analytics.exportJson;
  return endpointUrl(endpoint, { query: exportQuery(timeRange, filters) });
}

/** The spec's name for the file: the product, "analytics" and today's ISO date. */
export function analyticsExportFileName(format: ExportFormat, now?: Date): string {
  return `tokenwise-analytics-${isoDate(now)}.${format}`;
}
