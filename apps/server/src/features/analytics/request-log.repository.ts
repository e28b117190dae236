import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Database,
  type DialectName,
  type RequestLogRow,
  SQLITE_UNICODE_LOWER,
} from '@tokenwise/db';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  likePattern,
  type RollupFilter,
  whereRollupFilter,
} from '../../domain/analytics/rollup-query.ts';
import { LOG_TEXT_MAX_CHARS } from '../../domain/request-log-text.ts';
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
 * Rows a text search reads in one turn of the event loop on SQLite, whose queries run on the loop's
 * own thread: the search goes through the account's rows newest first in windows of this many,
 * and lets other requests run between two windows (decision 096). ~1 ms a window for prompts of
 * a few hundred characters, ~60 ms at the 32,000-character logging limit; a `LIKE` over 300,000
 * rows in one query held the loop ~550 ms.
 */
export const SEARCH_WINDOW_ROWS = 500;
/**
 * The same for a search SQLite cannot fold itself (any letter outside ASCII): each row's text is
 * lower-cased in JavaScript, 30-40 times LIKE's cost (~70 us for 2,000 characters against ~2), so a
 * window holds 25 times fewer rows and a turn stays as short.
 */
export const FOLDED_SEARCH_WINDOW_ROWS = 20;

/** A slice of the account's rows by time: `created_at` in (above, upTo]. */
interface TimeWindow {
  above: number;
  upTo: number;
}

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
  window?: TimeWindow,
): LogQuery {
  // One lower and one upper bound on created_at: given two, SQLite's planner takes one for the
  // index range and checks the other row by row, which read a window's every older row.
  const lowest = window ? Math.max(from, window.above + 1) : from;
  const highest = Math.min(
    window?.upTo ?? Number.MAX_SAFE_INTEGER,
    after?.createdAt ?? Number.MAX_SAFE_INTEGER,
  );
  let q = db
    .selectFrom('request_logs')
    .where('account_id', '=', accountId)
    .where('created_at', '>=', lowest);
  if (window || after) {
    // The redundant `<=` bound lets both planners turn the keyset into an index range.
    q = q.where('created_at', '<=', highest);
  }
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  q = whereRollupFilter(q, filter);
  if (filter.search) {
    const inPrompt = promptContains(dialect, filter.search);
    const models = filter.searchModels ?? [];
    q = q.where((eb) =>
      models.length ? eb.or([inPrompt, eb('model', 'in', [...models])]) : inPrompt,
    );
  }
  return q;
}

/**
 * PostgreSQL: ILIKE, which its trigram index serves and which folds case in every script. SQLite's
 * LIKE folds ASCII letters only, so 'ПРИВЕТ' never found 'Привет' there; a search with any other
 * letter compares both sides lower-cased in JavaScript (`unicode_lower`, a call per row scanned),
 * and an ASCII one keeps the native LIKE, whose answer is the same.
 */
function promptContains(dialect: DialectName, search: string) {
  if (dialect === 'postgres') {
    return sql<boolean>`original_text ilike ${likePattern(search)} escape '\\'`;
  }
  if (!foldedInJs(search)) {
    return sql<boolean>`original_text like ${likePattern(search)} escape '\\'`;
  }
  const lowered = sql<string>`${sql.raw(SQLITE_UNICODE_LOWER)}(original_text)`;
  return sql<boolean>`${lowered} like ${likePattern(search.toLowerCase())} escape '\\'`;
}

/** Whether SQLite's LIKE would miss a case: the text has a character outside ASCII. */
function foldedInJs(search: string): boolean {
  return /\P{ASCII}/u.test(search);
}

/** Rows per window of a windowed search: fewer when each row's text is folded in JavaScript. */
function windowRows(filter: LogFilter): number {
  return filter.search && foldedInJs(filter.search)
    ? FOLDED_SEARCH_WINDOW_ROWS
    : SEARCH_WINDOW_ROWS;
}

/**
 * Whether a read goes through the rows window by window: a text search on SQLite, where nothing
 * but the rows' own text can answer it and the query would run whole on the event loop's thread.
 * PostgreSQL answers on its own process (and from its trigram index), so it reads in one query.
 */
function windowed(dialect: DialectName, filter: LogFilter): boolean {
  return dialect === 'sqlite' && Boolean(filter.search);
}

/**
 * The account's rows from `from` up to `upTo`, newest first, cut in windows of about
 * `rows` rows each: a window's lower edge is the time of the row that many further
 * down the (account_id, created_at, id) index, read from the index alone. Rows sharing one
 * millisecond stay in one window, so no row is read twice or skipped.
 */
async function* timeWindows(
  db: Kysely<Database>,
  accountId: string,
  from: number,
  upTo: number,
  rows: number,
): AsyncGenerator<TimeWindow> {
  let top = upTo;
  for (let first = true; top >= from; first = false) {
    // The loop's other requests run between two windows (the first runs at once).
    if (!first) await nextTurn();
    const edge = await db
      .selectFrom('request_logs')
      .select('created_at')
      .where('account_id', '=', accountId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', top)
      .orderBy('created_at', 'desc')
      .limit(1)
      .offset(rows)
      .executeTakeFirst();
    if (!edge) {
      yield { above: from - 1, upTo: top };
      return;
    }
    // More than a window's rows in one millisecond: that millisecond is a window of its own.
    const above = edge.created_at < top ? edge.created_at : top - 1;
    yield { above, upTo: top };
    top = above;
  }
}

/** The newest `limit` matching rows (after `after`), window by window on SQLite for a search. */
async function newestRows<R>(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; after?: Keyset | undefined; limit: number },
  read: (q: LogQuery) => Promise<R[]>,
): Promise<R[]> {
  const { from, filter, after, limit } = opts;
  const newestFirst = (q: LogQuery) => q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (!windowed(dialect, filter)) {
    return read(newestFirst(filtered(db, dialect, accountId, from, filter, after)).limit(limit));
  }
  const rows: R[] = [];
  for await (const window of timeWindows(
    db,
    accountId,
    from,
    after?.createdAt ?? Number.MAX_SAFE_INTEGER,
    windowRows(filter),
  )) {
    const q = filtered(db, dialect, accountId, from, filter, after, window);
    rows.push(...(await read(newestFirst(q).limit(limit - rows.length))));
    if (rows.length >= limit) break;
  }
  return rows;
}

export async function pageRequests(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; after?: Keyset | undefined; limit: number },
): Promise<PageRow[]> {
  return newestRows(db, dialect, accountId, opts, (q) => q.select(PAGE_COLUMNS).execute());
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
  const most = opts.cap + 1;
  const matches = (window?: TimeWindow) =>
    filtered(db, dialect, accountId, opts.from, opts.filter, undefined, window)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  if (!windowed(dialect, opts.filter)) return countUpTo(db, matches(), most);
  let counted = 0;
  for await (const window of timeWindows(
    db,
    accountId,
    opts.from,
    Number.MAX_SAFE_INTEGER,
    windowRows(opts.filter),
  )) {
    counted += await countUpTo(db, matches(window), most - counted);
    if (counted >= most) break;
  }
  return counted;
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
 * The event loop gets a turn between two batches: on SQLite each query returns at once, and a
 * socket that keeps taking data would otherwise have the whole export built in one turn (decision 096).
 */
export async function* exportBatches(
  db: Kysely<Database>,
  dialect: DialectName,
  accountId: string,
  opts: { from: number; filter: LogFilter; batchSize: number; batchChars: number },
): AsyncGenerator<ExportRow[]> {
  let after: Keyset | undefined;
  // The first batch is sized for the longest rows the gateway logs (two texts of 32,000
  // characters); the next ones by what the rows so far held.
  let size = Math.max(1, Math.min(opts.batchSize, Math.floor(opts.batchChars / LONGEST_ROW_CHARS)));
  for (;;) {
    const rows = await newestRows(
      db,
      dialect,
      accountId,
      { from: opts.from, filter: opts.filter, after, limit: size },
      (q) => q.select(EXPORT_COLUMNS).execute(),
    );
    if (rows.length > 0) yield rows;
    await nextTurn();
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { createdAt: last.created_at, id: last.id };
    // Rows of long prompts (up to 32,000 characters each, twice) come fewer at a time: a batch
    // holds about `batchChars` characters of text, as its rows so far averaged.
    const perRow = textChars(rows) / rows.length;
    size = Math.max(1, Math.min(opts.batchSize, Math.floor(opts.batchChars / Math.max(1, perRow))));
  }
}

/** An exported row's text at most: a logged prompt and its optimized form, each clipped. */
const LONGEST_ROW_CHARS = 2 * LOG_TEXT_MAX_CHARS;

function textChars(rows: ExportRow[]): number {
  let chars = 0;
  for (const r of rows) {
    chars +=
      (r.original_text?.length ?? 0) +
      (r.optimized_text?.length ?? 0) +
      (r.error_message?.length ?? 0);
  }
  return chars;
}
