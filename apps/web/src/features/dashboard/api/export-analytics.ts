import type { TimeRange } from '@tokenwise/contracts';
import { isoDate } from '../../../components/download-file.ts';
import { type AnalyticsFilters, exportQueryString } from '../analytics-filters.ts';

export type ExportFormat = 'csv' | 'json';

/** `GET /v1/analytics/export/csv|json`: every request of the period the filters let through. */
export function analyticsExportPath(
  format: ExportFormat,
  timeRange: TimeRange,
  filters: AnalyticsFilters,
): string {
  return `/v1/analytics/export/${format}?${exportQueryString(timeRange, filters)}`;
}

/** The spec's name for the file: the product, "analytics" and today's ISO date. */
export function analyticsExportFileName(format: ExportFormat, now?: Date): string {
  return `tokenwise-analytics-${isoDate(now)}.${format}`;
}
