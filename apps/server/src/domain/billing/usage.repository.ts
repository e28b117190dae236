import type { Database, SqliteHandle, UsagePeriodRow } from '@tokenwise/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { preparedStatement } from '../../lib/sqlite-statements.ts';
import type { Period } from './billing-period.ts';

type Q = Kysely<Database> | Transaction<Database>;

const DELTA_COLUMNS = [
  'total_requests',
  'optimized_requests',
  'passthrough_requests',
  'total_original_tokens',
  'total_optimized_tokens',
  'total_tokens_saved',
  'total_cost_saved',
] as const satisfies readonly (keyof UsagePeriodRow)[];

/** What requests add to their account's counters for the billing period. */
export type UsageDelta = Pick<UsagePeriodRow, (typeof DELTA_COLUMNS)[number]>;

const ADD_USAGE_SQL = `INSERT INTO usage_periods
  (account_id, period_start, period_end, ${DELTA_COLUMNS.join(', ')})
  VALUES (?, ?, ?, ${DELTA_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (account_id, period_start) DO UPDATE SET
  ${DELTA_COLUMNS.map((c) => `${c} = usage_periods.${c} + excluded.${c}`).join(', ')}`;

export async function findUsage(
  db: Q,
  accountId: string,
  period: Period,
): Promise<UsagePeriodRow | undefined> {
  return db
    .selectFrom('usage_periods')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('period_start', '=', period.start)
    .executeTakeFirst();
}

/** Adds to the period's counters in one upsert, so concurrent writers never lose an increment. */
export async function addUsage(
  db: Q,
  accountId: string,
  period: Period,
  d: UsageDelta,
): Promise<void> {
  await db
    .insertInto('usage_periods')
    .values({ account_id: accountId, period_start: period.start, period_end: period.end, ...d })
    .onConflict((oc) =>
      oc.columns(['account_id', 'period_start']).doUpdateSet({
        total_requests: sql`usage_periods.total_requests + ${d.total_requests}`,
        optimized_requests: sql`usage_periods.optimized_requests + ${d.optimized_requests}`,
        passthrough_requests: sql`usage_periods.passthrough_requests + ${d.passthrough_requests}`,
        total_original_tokens: sql`usage_periods.total_original_tokens + ${d.total_original_tokens}`,
        total_optimized_tokens: sql`usage_periods.total_optimized_tokens + ${d.total_optimized_tokens}`,
        total_tokens_saved: sql`usage_periods.total_tokens_saved + ${d.total_tokens_saved}`,
        total_cost_saved: sql`usage_periods.total_cost_saved + ${d.total_cost_saved}`,
      }),
    )
    .execute();
}

/** addUsage on SQLite's raw handle with a reused statement (the request-log writer's hot path). */
export function addUsageSqlite(
  handle: SqliteHandle,
  accountId: string,
  period: Period,
  d: UsageDelta,
): void {
  preparedStatement(handle, ADD_USAGE_SQL).run([
    accountId,
    period.start,
    period.end,
    ...DELTA_COLUMNS.map((c) => d[c]),
  ]);
}
