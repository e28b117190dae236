import type { Database, DialectName } from '@tokenwise/db';
import { sql, type Transaction } from 'kysely';

/**
 * A lock on `key`, released when the transaction ends: what makes a count-then-insert exact on
 * PostgreSQL, where two transactions both count before either inserts. A no-op on SQLite, where
 * one write transaction runs at a time. Keys are per schema (tests share a database).
 */
export async function holdUntilCommit(
  trx: Transaction<Database>,
  dialect: DialectName,
  key: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`.${key}`}))`.execute(trx);
}
