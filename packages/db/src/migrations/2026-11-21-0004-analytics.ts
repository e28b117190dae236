import { type Kysely, PostgresAdapter, sql } from 'kysely';

const ROLLUP_TABLES = ['analytics_hourly', 'analytics_daily'] as const;
const BUCKET_MS = { analytics_hourly: 3_600_000, analytics_daily: 86_400_000 } as const;

/** The rollup key: one row per account, bucket and combination of what the dashboard splits by. */
const KEY = [
  'account_id',
  'bucket_start',
  'provider',
  'model',
  'status',
  'cache_hit',
  'is_baseline',
  'is_passthrough',
  'was_routed',
] as const;

// One index per dashboard filter, each ending in (created_at, id) so a filtered page is read in
// keyset order straight from the index and stops after one page.
const REQUEST_LOG_INDEXES = ['provider', 'model', 'status', 'cache_hit'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ROLLUP_TABLES) {
    await db.schema
      .createTable(table)
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('bucket_start', 'bigint', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cache_hit', 'integer', (c) => c.notNull())
      .addColumn('is_baseline', 'integer', (c) => c.notNull())
      .addColumn('is_passthrough', 'integer', (c) => c.notNull())
      .addColumn('was_routed', 'integer', (c) => c.notNull())
      .addColumn('requests', 'bigint', (c) => c.notNull())
      .addColumn('tokens_in', 'bigint', (c) => c.notNull())
      .addColumn('tokens_out', 'bigint', (c) => c.notNull())
      .addColumn('tokens_saved', 'bigint', (c) => c.notNull())
      .addColumn('actual_cost', 'double precision', (c) => c.notNull())
      .addColumn('actual_cost_sq', 'double precision', (c) => c.notNull())
      .addColumn('cost_saved', 'double precision', (c) => c.notNull())
      .addColumn('latency_ms_sum', 'bigint', (c) => c.notNull())
      // The key starts with (account_id, bucket_start): every dashboard read is a range on it.
      .addPrimaryKeyConstraint(`${table}_pk`, [...KEY])
      .execute();
    // Rows logged before this migration: roll them up once, so history shows from day one.
    // A frozen copy of the rollup rule; later code changes must not rewrite past migrations.
    const bucket = sql.raw(`created_at - (created_at % ${BUCKET_MS[table]})`);
    await sql`
      INSERT INTO ${sql.table(table)} (${sql.join(
        [
          ...KEY,
          'requests',
          'tokens_in',
          'tokens_out',
          'tokens_saved',
          'actual_cost',
          'actual_cost_sq',
          'cost_saved',
          'latency_ms_sum',
        ].map((c) => sql.ref(c)),
      )})
      SELECT account_id, ${bucket}, provider, model, status, cache_hit, is_baseline,
        is_passthrough, was_routed, count(*), sum(tokens_in), sum(tokens_out), sum(tokens_saved),
        sum(actual_cost), sum(actual_cost * actual_cost), sum(cost_saved), sum(latency_ms)
      FROM request_logs
      GROUP BY account_id, ${bucket}, provider, model, status, cache_hit, is_baseline,
        is_passthrough, was_routed
    `.execute(db);
  }

  for (const column of REQUEST_LOG_INDEXES) {
    await db.schema
      .createIndex(`request_logs_account_${column}_time_idx`)
      .on('request_logs')
      .columns(['account_id', column, 'created_at', 'id'])
      .execute();
  }

  if (db.getExecutor().adapter instanceof PostgresAdapter) await addTrigramIndex(db);

  await db.schema
    .createTable('eval_feedback')
    .addColumn('request_id', 'text', (c) =>
      c.primaryKey().references('request_logs.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('voted_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('eval_feedback_account_idx')
    .on('eval_feedback')
    .columns(['account_id', 'feedback'])
    .execute();
}

/**
 * PostgreSQL only, and only where pg_trgm can be had: a trigram index so a dashboard text search
 * (ILIKE '%term%') finds rare terms among millions of prompts without reading them all. Optional:
 * where the extension cannot be created the migration still succeeds and search scans instead.
 * The extension is database-wide, so it goes to (or is found in) one schema and the operator class
 * is named with it; a savepoint keeps a refused CREATE EXTENSION from aborting the migration.
 */
async function addTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const findSchema = async () => {
    const { rows } = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e
      JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema;
  };
  let schema = await findSchema();
  if (!schema) {
    await sql`SAVEPOINT tokenwise_trgm`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      await sql`RELEASE SAVEPOINT tokenwise_trgm`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT tokenwise_trgm`.execute(db);
    }
    schema = await findSchema();
  }
  if (!schema) return;
  await sql`CREATE INDEX request_logs_prompt_trgm_idx ON request_logs
    USING gin (original_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eval_feedback').ifExists().execute();
  // The extension stays: other schemas in the database may use it.
  await db.schema.dropIndex('request_logs_prompt_trgm_idx').ifExists().execute();
  for (const column of REQUEST_LOG_INDEXES) {
    await db.schema.dropIndex(`request_logs_account_${column}_time_idx`).ifExists().execute();
  }
  for (const table of ROLLUP_TABLES) await db.schema.dropTable(table).ifExists().execute();
}
