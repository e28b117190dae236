import type { Database } from '@tokenwise/db';
import { type Kysely, sql } from 'kysely';
import { ROLLUP_DIMENSIONS, ROLLUP_SUMS } from './rollup-columns.ts';
import { DAY_MS, HOUR_MS } from './time-range.ts';

const DIMENSIONS = ROLLUP_DIMENSIONS;

/**
 * Recomputes the rollups from the raw rows, for some accounts or all: the repair tool if they
 * ever drift (for instance rows replayed from a spill file after a crash that had already been
 * committed are skipped by the insert but would be added again by the writer), and how bulk
 * loads (the benchmark's seed) get their rollups in one pass. Run it while that account's traffic
 * is quiet: rows logged during the rebuild may be counted twice or not at all.
 */
export async function rebuildRollups(
  db: Kysely<Database>,
  accountIds?: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [table, unit] of [
      ['analytics_hourly', HOUR_MS],
      ['analytics_daily', DAY_MS],
    ] as const) {
      let clear = trx.deleteFrom(table);
      if (accountIds) clear = clear.where('account_id', 'in', [...accountIds]);
      await clear.execute();
      // A literal, so PostgreSQL sees the same expression in SELECT and GROUP BY.
      const bucket = sql<number>`created_at - (created_at % ${sql.raw(String(unit))})`;
      let sums = trx
        .selectFrom('request_logs')
        .select([
          ...DIMENSIONS,
          bucket.as('bucket_start'),
          sql<number>`count(*)`.as('requests'),
          sql<number>`sum(tokens_in)`.as('tokens_in'),
          sql<number>`sum(tokens_out)`.as('tokens_out'),
          sql<number>`sum(tokens_saved)`.as('tokens_saved'),
          sql<number>`sum(actual_cost)`.as('actual_cost'),
          sql<number>`sum(actual_cost * actual_cost)`.as('actual_cost_sq'),
          sql<number>`sum(cost_saved)`.as('cost_saved'),
          sql<number>`sum(latency_ms)`.as('latency_ms_sum'),
        ])
        .groupBy([...DIMENSIONS, bucket]);
      if (accountIds) sums = sums.where('account_id', 'in', [...accountIds]);
      await trx
        .insertInto(table)
        .columns([...DIMENSIONS, 'bucket_start', ...ROLLUP_SUMS])
        .expression(sums)
        .execute();
    }
  });
}
