import { endpoints, endpointUrl } from '@tokenwise/contracts';
import { isoDate } from '../../../components/download-file.ts';
import type { SavingsRange } from './get-savings.ts';

/** `GET /v1/savings/export/csv`: the per-day report of the period. */
export function savingsExportPath(range: SavingsRange): string {
  return endpointUrl(endpoints.savings.exportCsv, { query: { range } });
}

export function savingsExportFileName(now?: Date): string {
  return `tokenwise-savings-${isoDate(now)}.csv`;
}
