import type {
  AnalyticsQuery,
  AnalyticsResponse,
  ModelBreakdown,
  ProviderBreakdown,
  RecentRequest,
  RequestDetail,
  TimeRange,
} from '@tokenwise/contracts';
import type { RequestLogRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { average, money, percentChange } from '../../domain/analytics/figures.ts';
import { parseDetails } from '../../domain/analytics/request-details.ts';
import { type RequestFigures, requestFigures } from '../../domain/analytics/request-figures.ts';
import { aggregate, modelsMatching, totals } from '../../domain/analytics/rollup-query.ts';
import { periodFor } from '../../domain/analytics/time-range.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import { notFound } from '../../errors/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { chartSeries } from './chart-series.ts';
import { decodeCursor, encodeCursor, type PageCursor } from './cursor.ts';
import * as logs from './request-log.repository.ts';

/** A text search counts its matches up to this many; past it the total shows as "1,000+". */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * GET /v1/analytics. Stats, comparison and chart describe the whole period (rollups); the filters
 * narrow only the recent-requests page and its total_count (raw rows, or rollups when no text search).
 * The page and its count start at the retention cut-off when that is later than the period's start:
 * the rollups still count purged rows, and a count the list can never reach would promise pages
 * that do not exist.
 */
export async function getAnalytics(
  deps: AppDeps,
  auth: AuthContext,
  q: AnalyticsQuery,
): Promise<AnalyticsResponse> {
  const db = deps.db.kysely;
  const accountId = auth.account.id;
  const now = deps.clock();
  const period = periodFor(q.time_range, now);
  const rawFrom = retainedFrom(deps.config.logRetentionDays, now);
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  const from = cursor?.from ?? period.current.from;
  const listFrom = Math.max(from, rawFrom);
  const filter = await resolveFilter(deps, accountId, listFrom, q);
  const [current, previous, chart, listing] = await Promise.all([
    requestFigures(db, accountId, period.current, { rawFrom }),
    q.compare && period.previous
      ? requestFigures(db, accountId, period.previous, { rawFrom })
      : undefined,
    chartSeries(db, accountId, period, now, rawFrom),
    listRequests(deps, accountId, { from: listFrom, filter, after: cursor, limit: q.limit + 1 }),
  ]);
  const { rows, totalCount, capped } = listing;
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const hasMore = rows.length > q.limit;
  return {
    stats: toStats(current),
    comparison: previous ? compareStats(current, previous) : null,
    recent_requests: page.map(toRecentRequest),
    pagination: {
      next_cursor:
        hasMore && last
          ? encodeCursor({
              createdAt: last.created_at,
              id: last.id,
              from,
              ...(filter.search ? { total: capped ? SEARCH_COUNT_CAP + 1 : totalCount } : {}),
            })
          : null,
      has_more: hasMore,
      total_count: totalCount,
      ...(capped === undefined ? {} : { total_count_capped: capped }),
      retention_days: deps.config.logRetentionDays,
    },
    chart,
  };
}

/**
 * One page of raw rows and the number matching. Without a text search the count comes from the
 * rollups first (the partial hour a period starts in from the raw rows, complete from `from` on, as
 * `from` is never before the retention cut-off), and a combination with no rows skips the raw scan
 * entirely. A search must count
 * raw rows; Load More reuses the first page's count carried in the cursor.
 */
async function listRequests(
  deps: AppDeps,
  accountId: string,
  opts: { from: number; filter: logs.LogFilter; after: PageCursor | undefined; limit: number },
): Promise<{ rows: logs.PageRow[]; totalCount: number; capped?: boolean }> {
  const { kysely: db, dialect } = deps.db;
  const { from, filter, after } = opts;
  if (filter.search) {
    const page = () => logs.pageRequests(db, dialect, accountId, opts);
    const count = async () =>
      after?.total ??
      logs.countRequests(db, dialect, accountId, { from, filter, cap: SEARCH_COUNT_CAP });
    // On SQLite both walk the log window by window on the loop's thread: one after the other, or
    // a window of each would share every turn (decision 096).
    const [rows, counted] =
      dialect === 'sqlite' ? [await page(), await count()] : await Promise.all([page(), count()]);
    return {
      rows,
      totalCount: Math.min(counted, SEARCH_COUNT_CAP),
      capped: counted > SEARCH_COUNT_CAP,
    };
  }
  const totalCount = (await totals(db, accountId, { from, to: null }, { filter })).requests;
  const rows = totalCount === 0 ? [] : await logs.pageRequests(db, dialect, accountId, opts);
  return { rows, totalCount };
}

/** The request filters as stored values; a model text becomes the exact model names it matches. */
export async function resolveFilter(
  deps: AppDeps,
  accountId: string,
  from: number,
  q: Pick<AnalyticsQuery, 'provider' | 'model' | 'cache_status' | 'status' | 'search'>,
): Promise<logs.LogFilter> {
  const db = deps.db.kysely;
  const [models, searchModels] = await Promise.all([
    q.model ? modelsMatching(db, accountId, from, q.model) : undefined,
    q.search ? modelsMatching(db, accountId, from, q.search) : undefined,
  ]);
  return {
    provider: q.provider,
    models,
    status: q.status,
    cacheHit: q.cache_status === undefined ? undefined : q.cache_status === 'hit' ? 1 : 0,
    search: q.search || undefined,
    searchModels,
  };
}

export async function modelBreakdown(
  deps: AppDeps,
  auth: AuthContext,
  range: TimeRange,
): Promise<ModelBreakdown> {
  const rows = await breakdown(deps, auth, range, 'model');
  return { models: rows.map(({ key, ...figures }) => ({ model: key, ...figures })) };
}

export async function providerBreakdown(
  deps: AppDeps,
  auth: AuthContext,
  range: TimeRange,
): Promise<ProviderBreakdown> {
  const rows = await breakdown(deps, auth, range, 'provider');
  return { providers: rows.map(({ key, ...figures }) => ({ provider: key, ...figures })) };
}

async function breakdown(
  deps: AppDeps,
  auth: AuthContext,
  range: TimeRange,
  by: 'model' | 'provider',
) {
  const now = deps.clock();
  const rows = await aggregate(deps.db.kysely, auth.account.id, periodFor(range, now).current, {
    groupBy: [by],
    rawFrom: retainedFrom(deps.config.logRetentionDays, now),
  });
  // A period's first partial hour older than the retention cut-off is a share of its hourly
  // rollup (`segmentsOf`), so sums may arrive fractional: whole requests and tokens are shown.
  return rows
    .map((r) => ({
      key: String(r[by]),
      requests: Math.round(r.requests),
      tokens_saved: Math.round(r.tokens_saved),
      cost_savings: money(r.cost_saved),
      avg_latency_ms: average(r.latency_ms_sum, r.requests),
    }))
    .sort((a, b) => b.requests - a.requests || a.key.localeCompare(b.key));
}

export async function getRequestDetail(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
): Promise<RequestDetail> {
  const row = await logs.findRequest(deps.db.kysely, auth.account.id, id);
  if (!row) throw notFound('Request not found');
  return toRequestDetail(row);
}

function toStats(f: RequestFigures): AnalyticsResponse['stats'] {
  return {
    total_requests: f.requests,
    tokens_saved: f.tokensSaved,
    cost_savings: f.costSaved,
    avg_latency_ms: f.avgLatencyMs,
  };
}

function compareStats(
  cur: RequestFigures,
  prev: RequestFigures,
): NonNullable<AnalyticsResponse['comparison']> {
  return {
    total_requests_change: percentChange(cur.requests, prev.requests),
    tokens_saved_change: percentChange(cur.tokensSaved, prev.tokensSaved),
    cost_savings_change: percentChange(cur.costSaved, prev.costSaved),
    avg_latency_change: percentChange(cur.meanLatencyMs, prev.meanLatencyMs),
  };
}

function toRecentRequest(row: logs.PageRow): RecentRequest {
  return {
    id: row.id,
    provider: row.provider,
    model: row.model,
    tokens: row.tokens_in + row.tokens_out,
    saved: row.tokens_saved,
    latency_ms: row.latency_ms,
    time: new Date(row.created_at).toISOString(),
    cache_hit: row.cache_hit === 1,
    status: row.status,
    original_text: row.original_text,
    optimized_text: row.optimized_text,
  };
}

function toRequestDetail(row: RequestLogRow): RequestDetail {
  return {
    id: row.id,
    status: row.status,
    cache_hit: row.cache_hit === 1,
    provider: row.provider,
    model: row.model,
    tokens_in: row.tokens_in,
    tokens_out: row.tokens_out,
    tokens_saved: row.tokens_saved,
    cost_saved: row.cost_saved,
    actual_cost: row.actual_cost,
    latency_ms: row.latency_ms,
    created_at: new Date(row.created_at).toISOString(),
    optimization_level: row.optimization_level,
    difficulty: row.difficulty,
    difficulty_not_sampled: row.difficulty_not_sampled,
    was_routed: row.was_routed === 1,
    requested_model: row.requested_model,
    routed_model: row.routed_model,
    original_text: row.original_text,
    optimized_text: row.optimized_text,
    error_message: row.error_message,
    details: parseDetails(row.details),
  };
}
