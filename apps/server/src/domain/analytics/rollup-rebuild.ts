import type { Database } from '@tokenwise/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { RAW_ROW_SUMS, ROLLUP_DIMENSIONS, ROLLUP_SUMS } from './rollup-columns.ts';
import { ceilTo, DAY_MS, floorTo, HOUR_MS } from './time-range.ts';

const DIMENSIONS = ROLLUP_DIMENSIONS;

/**
 * Recomputes the rollups from the raw rows, for some accounts or all: the repair tool if they
 * ever drift (for instance rows replayed from a spill file after a crash that had already been
 * committed are skipped by the insert but would be added again by the writer), and how bulk
 * loads (the benchmark's seed) get their rollups in one pass. Run it while that account's traffic
 * is quiet: rows logged during the rebuild may be counted twice or not at all.
 *
 * `rawFrom` is where the raw rows are complete (the retention cut-off, `retainedFrom`; 0 when
 * nothing is purged). Rollups of older periods are the only record left of them and are kept:
 * hours from `rawFrom` on are summed from raw rows, then every day from the one holding `rawFrom`
 * on is summed from the hourly rollup. That day therefore combines the kept hours before the
 * cut-off with the rebuilt ones after it, and days always equal the sum of their hours (keeping
 * that day's old value instead would leave any drift after the cut-off in it, and a figure would
 * change depending on whether a window reads the day or its hours).
 */
export async function rebuildRollups(
  db: Kysely<Database>,
  accountIds?: readonly string[],
  rawFrom = 0,
): Promise<void> {
  // Not on an hour: that hour's raw rows may be partly purged, so its old rollup is kept too.
  const fromHour = ceilTo(rawFrom, HOUR_MS);
  const fromDay = floorTo(fromHour, DAY_MS);
  await db.transaction().execute(async (trx) => {
    await clear(trx, 'analytics_hourly', fromHour, accountIds);
    await clear(trx, 'analytics_daily', fromDay, accountIds);
    await trx
      .insertInto('analytics_hourly')
      .columns([...DIMENSIONS, 'bucket_start', ...ROLLUP_SUMS])
      .expression(hoursFromRawRows(trx, fromHour, accountIds))
      .execute();
    await trx
      .insertInto('analytics_daily')
      .columns([...DIMENSIONS, 'bucket_start', ...ROLLUP_SUMS])
      .expression(daysFromHours(trx, fromDay, accountIds))
      .execute();
  });
}

async function clear(
  trx: Transaction<Database>,
  table: 'analytics_hourly' | 'analytics_daily',
  from: number,
  accountIds: readonly string[] | undefined,
): Promise<void> {
  let q = trx.deleteFrom(table).where('bucket_start', '>=', from);
  if (accountIds) q = q.where('account_id', 'in', [...accountIds]);
  await q.execute();
}

function hoursFromRawRows(
  trx: Transaction<Database>,
  from: number,
  accountIds: readonly string[] | undefined,
) {
  // A literal, so PostgreSQL sees the same expression in SELECT and GROUP BY.
  const hour = sql<number>`created_at - (created_at % ${sql.raw(String(HOUR_MS))})`;
  let q = trx
    .selectFrom('request_logs')
    .select([
      ...DIMENSIONS,
      hour.as('bucket_start'),
      ...ROLLUP_SUMS.map((c) => sql<number>`sum(${RAW_ROW_SUMS[c]})`.as(c)),
    ])
    .where('created_at', '>=', from)
    .groupBy([...DIMENSIONS, hour]);
  if (accountIds) q = q.where('account_id', 'in', [...accountIds]);
  return q;
}

function daysFromHours(
  trx: Transaction<Database>,
  from: number,
  accountIds: readonly string[] | undefined,
) {
  const day = sql<number>`bucket_start - (bucket_start % ${sql.raw(String(DAY_MS))})`;
  let q = trx
    .selectFrom('analytics_hourly')
    .select([
      ...DIMENSIONS,
      day.as('bucket_start'),
      ...ROLLUP_SUMS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)),
    ])
    .where('bucket_start', '>=', from)
    .groupBy([...DIMENSIONS, day]);
  if (accountIds) q = q.where('account_id', 'in', [...accountIds]);
  return q;
}
