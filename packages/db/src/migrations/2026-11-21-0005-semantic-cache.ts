import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('exact_key', 'text', (c) => c.notNull())
    .addColumn('context_fingerprint', 'text', (c) => c.notNull())
    .addColumn('query_text', 'text', (c) => c.notNull())
    .addColumn('vector', 'text', (c) => c.notNull())
    .addColumn('embedder_id', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('tokens_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_saved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_saved', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'bigint')
    .addColumn('demoted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cache_entries_account_idx')
    .on('cache_entries')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('cache_entries_expiry_idx')
    .on('cache_entries')
    .column('expires_at')
    .execute();
  // hit | miss | bypass | off: what the cache did for the request (hit rate = hit / (hit + miss)).
  await db.schema.alterTable('request_logs').addColumn('cache_status', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_logs').dropColumn('cache_status').execute();
  await db.schema.dropTable('cache_entries').ifExists().execute();
}
