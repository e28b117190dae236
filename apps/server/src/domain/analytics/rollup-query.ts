import type { Database } from '@tokenwise/db';
import { type Expression, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { RAW_ROW_SUMS, ROLLUP_GROUP_COLUMNS, ROLLUP_SUMS } from './rollup-columns.ts';
import { DAY_MS, floorTo, HOUR_MS, type Segment, segmentsOf, type Window } from './time-range.ts';

/** What rollup reads may filter on: the dimensions the dashboard filters by. */
export interface RollupFilter {
  provider?: string | undefined;
  /** Exact model names (a model-text filter is resolved to names first). */
  models?: readonly string[] | undefined;
  status?: 'success' | 'error' | undefined;
  cacheHit?: 0 | 1 | undefined;
}

export type GroupColumn = (typeof ROLLUP_GROUP_COLUMNS)[number];

export type Sums = Record<(typeof ROLLUP_SUMS)[number], number>;

export type AggregateRow = Sums & { [K in GroupColumn]?: string | number } & { bucket?: number };

export interface AggregateOptions {
  filter?: RollupFilter;
  groupBy?: readonly GroupColumn[];
  /** Also split by UTC hour or UTC day (an hourly split reads only the hourly rollup). */
  bucket?: 'hour' | 'day';
  /** Raw rows are complete from here on (the retention cut-off); see `segmentsOf`. */
  rawFrom?: number | undefined;
}

type Part = SelectQueryBuilder<Database, keyof Database, Record<string, unknown>>;

/**
 * Sums over a window, optionally grouped: whole days from analytics_daily, the hours around them
 * from analytics_hourly and a window's partial last hour from request_logs (or, past the retention
 * cut-off, a share of its hourly rollup), in one UNION ALL query. It reads rollup rows (thousands)
 * rather than raw rows (millions).
 */
export async function aggregate(
  db: Kysely<Database>,
  accountId: string,
  window: Window,
  opts: AggregateOptions = {},
): Promise<AggregateRow[]> {
  const segments = segmentsOf(window, {
    hourly: opts.bucket === 'hour',
    ...(opts.rawFrom === undefined ? {} : { rawFrom: opts.rawFrom }),
  });
  const parts = segments.map((s) =>
    s.source === 'request_logs'
      ? rawPart(db, accountId, s.from, s.to ?? Number.MAX_SAFE_INTEGER, opts.filter)
      : rollupPart(db, s.source, accountId, s, opts.filter),
  );
  const [first, ...rest] = parts;
  if (!first) return [];
  const union = rest.reduce<Part>((acc, p) => acc.unionAll(p), first).as('r');
  const groups: Expression<unknown>[] = (opts.groupBy ?? []).map((g) => sql.ref(`r.${g}`));
  let query = db
    .selectFrom(union)
    .select(ROLLUP_SUMS.map((c) => sql<number>`coalesce(sum(${sql.ref(`r.${c}`)}), 0)`.as(c)))
    .select((opts.groupBy ?? []).map((g) => sql.ref(`r.${g}`).as(g)));
  if (opts.bucket) {
    // A literal, not a parameter: PostgreSQL matches SELECT and GROUP BY expressions textually.
    const unit = sql.raw(String(opts.bucket === 'hour' ? HOUR_MS : DAY_MS));
    const bucket = sql<number>`r.bucket_start - (r.bucket_start % ${unit})`;
    query = query.select(bucket.as('bucket'));
    groups.push(bucket);
  }
  if (groups.length > 0) query = query.groupBy(groups);
  const rows = (await query.execute()) as Record<string, unknown>[];
  return rows.map(toNumbers);
}

/** Plain totals over a window (one row, zeros when empty). */
export async function totals(
  db: Kysely<Database>,
  accountId: string,
  window: Window,
  opts: Pick<AggregateOptions, 'filter' | 'rawFrom'> = {},
): Promise<Sums> {
  const [row] = await aggregate(db, accountId, window, opts);
  return row ?? emptySums();
}

/** Distinct model names seen in the window whose name contains `text` (case-insensitive). */
export async function modelsMatching(
  db: Kysely<Database>,
  accountId: string,
  from: number,
  text: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select('model')
    .distinct()
    .where('account_id', '=', accountId)
    .where('bucket_start', '>=', floorTo(from, DAY_MS))
    .where(sql<boolean>`lower(model) like ${likePattern(text.toLowerCase())} escape '\\'`)
    .execute();
  return rows.map((r) => r.model);
}

/** Earliest UTC day with any logged request, or null for an account with none. */
export async function firstDay(db: Kysely<Database>, accountId: string): Promise<number | null> {
  const row = await db
    .selectFrom('analytics_daily')
    .select((eb) => eb.fn.min('bucket_start').as('first'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/**
 * The start of the hour of the account's first logged request, or null for an account with none,
 * from the hourly rollup. Not the request's own time: the rollup is kept for good while the raw
 * row goes with log retention, and a figure must not move when it does (an hour's precision).
 */
export async function firstRequestHour(
  db: Kysely<Database>,
  accountId: string,
): Promise<number | null> {
  const hour = await db
    .selectFrom('analytics_hourly')
    .select((eb) => eb.fn.min('bucket_start').as('first'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return hour?.first === null || hour?.first === undefined ? null : Number(hour.first);
}

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function emptySums(): Sums {
  return Object.fromEntries(ROLLUP_SUMS.map((c) => [c, 0])) as unknown as Sums;
}

function rollupPart(
  db: Kysely<Database>,
  table: 'analytics_hourly' | 'analytics_daily',
  accountId: string,
  { from, to, share }: Pick<Segment, 'from' | 'to' | 'share'>,
  filter: RollupFilter | undefined,
): Part {
  // A literal: PostgreSQL would type a parameter next to a bigint column as bigint and refuse 0.5.
  const sums =
    share === undefined
      ? ROLLUP_SUMS
      : ROLLUP_SUMS.map((c) => sql<number>`${sql.ref(c)} * ${sql.raw(String(share))}`.as(c));
  let q = db
    .selectFrom(table)
    .select(['bucket_start', ...ROLLUP_GROUP_COLUMNS, ...sums])
    .where('account_id', '=', accountId)
    .where('bucket_start', '>=', from);
  if (to !== null) q = q.where('bucket_start', '<', to);
  // The rollups name their filter columns exactly as request_logs does.
  return whereRollupFilter(q as unknown as FilterTarget, filter) as unknown as Part;
}

function rawPart(
  db: Kysely<Database>,
  accountId: string,
  from: number,
  to: number,
  filter: RollupFilter | undefined,
): Part {
  const q = db
    .selectFrom('request_logs')
    .select([
      sql<number>`created_at - (created_at % ${sql.raw(String(HOUR_MS))})`.as('bucket_start'),
      ...ROLLUP_GROUP_COLUMNS,
      ...ROLLUP_SUMS.map((c) => RAW_ROW_SUMS[c].as(c)),
    ])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  return whereRollupFilter(q, filter) as unknown as Part;
}

type FilterTarget = SelectQueryBuilder<Database, 'request_logs', object>;

/** The dashboard's filters as WHERE clauses: the rollups and request_logs name these columns alike. */
export function whereRollupFilter(
  query: FilterTarget,
  filter: RollupFilter | undefined,
): FilterTarget {
  let q = query;
  if (!filter) return q;
  if (filter.provider !== undefined) q = q.where('provider', '=', filter.provider);
  if (filter.models !== undefined) {
    // No matching model name means no rows; `IN ()` is not valid SQL.
    q = filter.models.length
      ? q.where('model', 'in', [...filter.models])
      : q.where(sql<boolean>`1 = 0`);
  }
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.cacheHit !== undefined) q = q.where('cache_hit', '=', filter.cacheHit);
  return q;
}

// SQLite answers integers and doubles; PostgreSQL bigint/numeric arrive already parsed to numbers
// (see packages/db connect.ts), but keep the conversion in one place for both.
function toNumbers(row: Record<string, unknown>): AggregateRow {
  const out: Record<string, unknown> = { ...row };
  for (const c of ROLLUP_SUMS) out[c] = Number(row[c] ?? 0);
  if (row.bucket !== undefined) out.bucket = Number(row.bucket);
  return out as unknown as AggregateRow;
}
