import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('provider_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('provider_keys_account_idx')
    .on('provider_keys')
    .columns(['account_id', 'provider'])
    .execute();

  await db.schema
    .createTable('account_settings')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('baseline_sample_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('request_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('api_key_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('requested_model', 'text', (c) => c.notNull())
    .addColumn('routed_model', 'text')
    .addColumn('was_routed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'text')
    .addColumn('optimization_level', 'text')
    .addColumn('cache_hit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_baseline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_passthrough', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('original_tokens_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_saved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_cost', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_saved', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_text', 'text')
    .addColumn('optimized_text', 'text')
    .addColumn('response_text', 'text')
    .addColumn('details', 'text')
    .execute();
  // The dashboard pages newest first within an account: (account_id, created_at, id) serves it.
  await db.schema
    .createIndex('request_logs_account_time_idx')
    .on('request_logs')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['request_logs', 'account_settings', 'provider_keys', 'api_keys']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
