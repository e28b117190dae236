import { Readable } from 'node:stream';
import type { AnalyticsExportQuery } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { csvLine, withoutFloatNoise } from '../../domain/analytics/csv.ts';
import { exportFilename } from '../../domain/analytics/export-filename.ts';
import { periodFor } from '../../domain/analytics/time-range.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveFilter } from './analytics.service.ts';
import { EXPORT_COLUMNS, type ExportRow, exportBatches } from './request-log.repository.ts';

/** Rows read per query while streaming; memory holds one batch whatever the export's size. */
export const EXPORT_BATCH_SIZE = 250;
/**
 * Characters of text (prompts, optimized prompts, errors) one batch holds at most, as its rows so
 * far averaged: turning a batch into CSV or JSON is one turn of the event loop (decision 096).
 */
export const EXPORT_BATCH_CHARS = 1_000_000;

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

export async function exportRequests(
  deps: AppDeps,
  auth: AuthContext,
  q: AnalyticsExportQuery,
  format: 'csv' | 'json',
): Promise<ExportFile> {
  const now = deps.clock();
  // The same rows the request list shows: none older than the retention cut-off, even before the
  // hourly purge has reached them.
  const from = Math.max(
    periodFor(q.time_range, now).current.from,
    retainedFrom(deps.config.logRetentionDays, now),
  );
  const filter = await resolveFilter(deps, auth.account.id, from, q);
  const batches = exportBatches(deps.db.kysely, deps.db.dialect, auth.account.id, {
    from,
    filter,
    batchSize: EXPORT_BATCH_SIZE,
    batchChars: EXPORT_BATCH_CHARS,
  });
  return {
    filename: exportFilename('analytics', now, format),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    // Readable.from pulls the next batch only when the socket has drained the previous one, and
    // holds one batch ahead (its default, 16, kept ~400 MB of a long-prompt log in memory).
    body: Readable.from(format === 'csv' ? csvChunks(batches) : jsonChunks(batches), {
      highWaterMark: 1,
    }),
  };
}

/**
 * The UTF-8 byte order mark: without it a spreadsheet (Excel) reads the file as its local code
 * page, and every prompt in another language or with an emoji comes out garbled (decision 089).
 */
const UTF8_BOM = '\uFEFF';

async function* csvChunks(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(EXPORT_COLUMNS);
  for await (const rows of batches) {
    yield rows.map((row) => csvLine(EXPORT_COLUMNS.map((c) => exportValue(row, c)))).join('');
  }
}

async function* jsonChunks(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of batches) {
    const objects = rows.map((row) =>
      JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, exportValue(row, c)]))),
    );
    yield `${first ? '\n' : ',\n'}${objects.join(',\n')}`;
    first = false;
  }
  yield '\n]\n';
}

/** Times as ISO strings and 0/1 flags as booleans, the same as the API answers. */
function exportValue(row: ExportRow, column: (typeof EXPORT_COLUMNS)[number]) {
  const value = row[column];
  if (column === 'created_at') return new Date(value as number).toISOString();
  if (column === 'was_routed' || column === 'cache_hit' || column === 'is_baseline') {
    return value === 1;
  }
  return typeof value === 'number' ? withoutFloatNoise(value) : value;
}
