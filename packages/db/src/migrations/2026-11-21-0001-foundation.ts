import type { Kysely } from 'kysely';

// Types are chosen to mean the same on SQLite and PostgreSQL: text, bigint (epoch ms, counters),
// integer (0/1 flags), double precision (dollars).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_superadmin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_reset_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_customer_id', 'text')
    .addColumn('external_subscription_id', 'text')
    .addColumn('monthly_fee', 'double precision', (c) => c.notNull())
    .addColumn('monthly_token_quota', 'bigint', (c) => c.notNull())
    .addColumn('savings_percentage', 'double precision', (c) => c.notNull())
    .addColumn('trial_ends_at', 'bigint')
    .addColumn('current_period_start', 'bigint', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage_periods')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('total_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('optimized_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('passthrough_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_original_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_optimized_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_tokens_saved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cost_saved', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_periods_pk', ['account_id', 'period_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'usage_periods',
    'subscriptions',
    'memberships',
    'accounts',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
