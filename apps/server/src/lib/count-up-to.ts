import type { Database } from '@tokenwise/db';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';

/**
 * How many rows a query yields, reading no more than `most` of them: a list's total where an exact
 * count would read every matching row of a large account to print one number (decision 028). The
 * query's own order is kept, so the database can stop early in the order the page reads.
 */
export async function countUpTo<DB extends Database, TB extends keyof DB, O>(
  db: Kysely<Database>,
  rows: SelectQueryBuilder<DB, TB, O>,
  most: number,
): Promise<number> {
  const firstRows = rows.select(sql<number>`1`.as('one')).limit(most);
  const row = await db
    .selectFrom(firstRows.as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
