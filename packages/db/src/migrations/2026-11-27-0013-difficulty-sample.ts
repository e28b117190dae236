import type { Kysely } from 'kysely';

/**
 * Difficulty that routing will not use is scored for one request in N (decision 051). A row left
 * out of that sample keeps N here, so the routing screen and the request detail can tell "not in
 * the sample" from "could not be scored"; null on every other row, and on all rows from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('request_logs')
    .addColumn('difficulty_not_sampled', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_logs').dropColumn('difficulty_not_sampled').execute();
}
