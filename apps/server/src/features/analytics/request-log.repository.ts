import type { Database, DialectName, RequestLogRow } from '@tokenwise/db';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  likePattern,
  type RollupFilter,
  whereRollupFilter,
} from '../../domain/analytics/rollup-query.ts';
import { countUpTo } from '../../lib/count-up-to.ts';

/** Raw-row reads: the recent-requests page, search, the detail and exports. Nothing aggregates here. */

export interface LogFilter extends RollupFilter {
  /** Case-insensitive substring of the prompt text or the model name. */
  search?: string | undefined;
  /** The model names that contain `search`, resolved from the rollups. */
  searchModels?: readonly string[] | undefined;
}

/** A position in the newest-first listing: the last row already shown. */
export interface Keyset {
  createdAt: number;
  id: string;
}

export const PAGE_COLUMNS = [
  'id',
  'created_at',
  'status',
  'provider',
  'model',
  'tokens_in',
  'tokens_out',
  'tokens_saved',
  'latency_ms',
  'cache_hit',
  'original_text',
  'optimized_text',
] as const satisfies readonly (keyof RequestLogRow)[];
export type PageRow = Pick<RequestLogRow, (typeof PAGE_COLUMNS)[number]>;

export const EXPORT_COLUMNS = [
  'id',
  'created_at',
  'status',
  'http_status',
  'provider',
  'model',
  'requested_model',
  'routed_model',
  'was_routed',
  'cache_hit',
  'is_baseline',
  'optimization_level',
  'difficulty',
  'tokens_in',
  'tokens_out',
  'tokens_saved',
  'actual_cost',
  'cost_saved',
  'latency_ms',
  'error_message',
  'original_text',
  'optimized_text',
] as const satisfies readonly (keyof RequestLogRow)[];
export type ExportRow = Pick<RequestLogRow, (typeof EXPORT_COLUMNS)[number]>;

type LogQuery = SelectQueryBuilder<Database, 'request_logs', object>;

/**
 * The account's rows from `from` on that pass the filter, strictly after `after` in newest-first
 * order. Each equality filter has an index ending in (created_at, id), so the planner walks one
 * index backwards and stops after a page.
 */
function filtered(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  from: number,
  filter: LogFilter,
  after?: Keyset,
): LogQuery {
  let q = db
    .selectFrom('request_logs')
    .where('account_id', '=', accountId)
    .where('created_at', '>=', from);
  if (after) {
    // The redundant `<=` bound lets both planners turn the keyset into an index range.
    q = q
      .where('created_at', '<=', after.createdAt)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
  }
  q = whereRollupFilter(q, filter);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    // SQLite's LIKE already ignores ASCII case; PostgreSQL needs ILIKE (which its trigram index
    // serves). Model names are matched as a list, so each side of the OR can use an index.
    const op = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
    const inPrompt = sql<boolean>`original_text ${op} ${pattern} escape '\\'`;
    const models = filter.searchModels ?? [];
    q = q.where((eb) =>
      models.length ? eb.or([inPrompt, eb('model', 'in', [...models])]) : inPrompt,
    );
  }
  return q;
}

export async function pageRequests(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; after?: Keyset | undefined; limit: number },
): Promise<PageRow[]> {
  return filtered(db, dialect, accountId, opts.from, opts.filter, opts.after)
    .select(PAGE_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}

/**
 * Counts matching raw rows, stopping at `cap` + 1: only for a text search, which rollups cannot
 * answer. A common word would otherwise mean reading every prompt of the period just to count.
 * The rows are taken in the page's order: over monthly partitions (PostgreSQL) the planner then
 * walks the months newest first and stops at the cap, where an unordered count built a bitmap of
 * every month's trigram matches first (469 against 53 ms p95 at 10M rows, decision 028).
 */
export async function countRequests(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; cap: number },
): Promise<number> {
  const matches = filtered(db, dialect, accountId, opts.from, opts.filter)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return countUpTo(db, matches, opts.cap + 1);
}

/** One request, only within the account: another account's id is simply not found. */
export async function findRequest(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<RequestLogRow | undefined> {
  return db
    .selectFrom('request_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Every matching row, newest first, fetched `batchSize` at a time by keyset: memory stays at one
 * batch however large the export, and rows logged meanwhile (newer than the first) are not repeated.
 */
export async function* exportBatches(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; batchSize: number },
): AsyncGenerator<ExportRow[]> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await filtered(db, dialect, accountId, opts.from, opts.filter, after)
      .select(EXPORT_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.batchSize)
      .execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < opts.batchSize) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}
