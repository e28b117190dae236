import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Teams and the superadmin console (issue 13):
 * - `sessions.account_id`: the account the session works in, chosen at login (the first
 *   membership); when that membership is gone the session falls back to the user's first account.
 * - `users.password_expires_at`: when a temporary password (set by an invite) stops working.
 * - `api_keys.created_by` indexed: deleting a user revokes the gateway keys they created.
 * - On PostgreSQL with pg_trgm, trigram indexes on users.email and accounts.name, so the admin
 *   console's substring search does not read every row at 100k users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('account_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('password_expires_at', 'bigint').execute();
  await db.schema
    .createIndex('api_keys_created_by_idx')
    .on('api_keys')
    .column('created_by')
    .execute();
  // The console lists newest first; with the id as tie-break a deep page is an index walk, no sort.
  await db.schema
    .createIndex('accounts_created_idx')
    .on('accounts')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('users_created_idx')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await addTrigramIndexes(db);
}

/** Only where pg_trgm already exists (migration 0004 creates it when allowed); else search scans. */
async function addTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e
    JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  const ops = sql.id(schema, 'gin_trgm_ops');
  await sql`CREATE INDEX users_email_trgm_idx ON users USING gin (email ${ops})`.execute(db);
  await sql`CREATE INDEX accounts_name_trgm_idx ON accounts USING gin (lower(name) ${ops})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_name_trgm_idx').ifExists().execute();
  await db.schema.dropIndex('users_email_trgm_idx').ifExists().execute();
  await db.schema.dropIndex('users_created_idx').ifExists().execute();
  await db.schema.dropIndex('accounts_created_idx').ifExists().execute();
  await db.schema.dropIndex('api_keys_created_by_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('password_expires_at').execute();
  await db.schema.alterTable('sessions').dropColumn('account_id').execute();
}
