import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alert_type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('notification_email', 'integer', (c) => c.notNull())
    .addColumn('notification_webhook', 'integer', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('throttle_minutes', 'integer', (c) => c.notNull())
    .addColumn('last_triggered_at', 'bigint')
    .addColumn('crossed_period_start', 'bigint')
    .addColumn('forecast_period_start', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alerts_account_idx')
    .on('alerts')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('alerts_enabled_idx').on('alerts').column('enabled').execute();

  await db.schema
    .createTable('alert_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('alert_name', 'text', (c) => c.notNull())
    .addColumn('alert_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('triggered_at', 'bigint', (c) => c.notNull())
    .addColumn('trigger_value', 'double precision', (c) => c.notNull())
    .addColumn('threshold_value', 'double precision', (c) => c.notNull())
    .addColumn('forecast_hours', 'double precision')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('email_sent', 'integer', (c) => c.notNull())
    .addColumn('webhook_sent', 'integer', (c) => c.notNull())
    .addColumn('email_error', 'text')
    .addColumn('webhook_error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_history_account_time_idx')
    .on('alert_history')
    .columns(['account_id', 'triggered_at'])
    .execute();
  await db.schema
    .createIndex('alert_history_alert_idx')
    .on('alert_history')
    .column('alert_id')
    .execute();

  // Which server instance runs a periodic job until when: taken with one conditional UPDATE.
  await db.schema
    .createTable('alert_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_leases').ifExists().execute();
  await db.schema.dropTable('alert_history').ifExists().execute();
  await db.schema.dropTable('alerts').ifExists().execute();
}
