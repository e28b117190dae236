import type { AnalyticsRollupTable, Database, RequestLogRow, SqliteHandle } from '@tokenwise/db';
import type { Kysely, Transaction } from 'kysely';
import { preparedStatement } from '../../lib/sqlite-statements.ts';
import { ROLLUP_DIMENSIONS, ROLLUP_SUMS } from './rollup-columns.ts';
import { DAY_MS, HOUR_MS } from './time-range.ts';

type Q = Kysely<Database> | Transaction<Database>;
type RollupTable = 'analytics_hourly' | 'analytics_daily';

const KEY_COLUMNS = [...ROLLUP_DIMENSIONS, 'bucket_start'] as const;
const SUM_COLUMNS = ROLLUP_SUMS;
// Keeps each upsert well under SQLite's bound-parameter limit (17 per row).
const ROWS_PER_STATEMENT = 200;

/**
 * Adds a batch of freshly inserted request-log rows to the hourly and daily rollups. Called inside
 * the log writer's transaction, so rollups and raw rows commit together. The batch is summed per
 * key first (one upsert row per key), then each key is added with ON CONFLICT DO UPDATE, which
 * both dialects run atomically: concurrent writers never lose an increment.
 */
export async function addToRollups(db: Q, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await upsertSums(db, 'analytics_hourly', sumByKey(rows, HOUR_MS));
  await upsertSums(db, 'analytics_daily', sumByKey(rows, DAY_MS));
}

/**
 * The same upserts on SQLite through reused prepared statements, one row per key: called by the
 * log writer inside its own transaction on the raw handle (building and preparing a fresh
 * multi-row statement for every batch cost more CPU than the writes themselves).
 */
export function addToRollupsSqlite(handle: SqliteHandle, rows: readonly RequestLogRow[]): void {
  if (rows.length === 0) return;
  for (const [table, bucketMs] of [
    ['analytics_hourly', HOUR_MS],
    ['analytics_daily', DAY_MS],
  ] as const) {
    const upsert = preparedStatement(handle, upsertSql(table));
    for (const sum of sumByKey(rows, bucketMs)) {
      upsert.run([...KEY_COLUMNS.map((c) => sum[c]), ...SUM_COLUMNS.map((c) => sum[c])]);
    }
  }
}

function upsertSql(table: RollupTable): string {
  const columns = [...KEY_COLUMNS, ...SUM_COLUMNS];
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT (${KEY_COLUMNS.join(', ')}) DO UPDATE SET
    ${SUM_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

function sumByKey(rows: readonly RequestLogRow[], bucketMs: number): AnalyticsRollupTable[] {
  const sums = new Map<string, AnalyticsRollupTable>();
  for (const row of rows) {
    const bucketStart = row.created_at - (row.created_at % bucketMs);
    const key = `${row.account_id}\u0000${bucketStart}\u0000${row.provider}\u0000${row.model}\u0000${row.status}\u0000${row.cache_hit}${row.is_baseline}${row.is_passthrough}${row.was_routed}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = {
        account_id: row.account_id,
        bucket_start: bucketStart,
        provider: row.provider,
        model: row.model,
        status: row.status,
        cache_hit: row.cache_hit,
        is_baseline: row.is_baseline,
        is_passthrough: row.is_passthrough,
        was_routed: row.was_routed,
        requests: 0,
        tokens_in: 0,
        tokens_out: 0,
        tokens_saved: 0,
        actual_cost: 0,
        actual_cost_sq: 0,
        cost_saved: 0,
        latency_ms_sum: 0,
      };
      sums.set(key, sum);
    }
    sum.requests += 1;
    sum.tokens_in += row.tokens_in;
    sum.tokens_out += row.tokens_out;
    sum.tokens_saved += row.tokens_saved;
    sum.actual_cost += row.actual_cost;
    sum.actual_cost_sq += row.actual_cost * row.actual_cost;
    sum.cost_saved += row.cost_saved;
    sum.latency_ms_sum += row.latency_ms;
  }
  return [...sums.values()];
}

async function upsertSums(db: Q, table: RollupTable, sums: AnalyticsRollupTable[]) {
  for (let i = 0; i < sums.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto(table)
      .values(sums.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(KEY_COLUMNS).doUpdateSet((eb) => {
          const add = (c: (typeof SUM_COLUMNS)[number]) =>
            eb(eb.ref(`${table}.${c}`), '+', eb.ref(`excluded.${c}`));
          return {
            requests: add('requests'),
            tokens_in: add('tokens_in'),
            tokens_out: add('tokens_out'),
            tokens_saved: add('tokens_saved'),
            actual_cost: add('actual_cost'),
            actual_cost_sq: add('actual_cost_sq'),
            cost_saved: add('cost_saved'),
            latency_ms_sum: add('latency_ms_sum'),
          };
        }),
      )
      .execute();
  }
}
