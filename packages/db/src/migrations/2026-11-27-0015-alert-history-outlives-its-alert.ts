import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * An alert's history stays when the alert is deleted (decision 102): `alert_history.alert_id`
 * loses its foreign key to `alerts` (and with it ON DELETE CASCADE) and becomes the id the alert
 * had, as a log row keeps a key that was revoked. Entries already carry `alert_name` and
 * `alert_type`, which is what the history list shows. Without the key, a notification whose alert
 * is deleted while it is being sent is still recorded (the insert used to fail on the key).
 * The account's key stays: deleting an account still deletes its history.
 *
 * PostgreSQL drops the constraint; SQLite cannot drop a foreign key, so the table is rebuilt
 * (https://www.sqlite.org/lang_altertable.html#otheralter). Nothing references alert_history, so
 * the rebuild needs no pause of foreign key checks.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function rebuildOnSqlite(db: Kysely<unknown>, alertKey: boolean): Promise<void> {
  await db.schema
    .createTable('alert_history_rebuilt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'text', (c) =>
      alertKey ? c.notNull().references('alerts.id').onDelete('cascade') : c.notNull(),
    )
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
  await sql`INSERT INTO alert_history_rebuilt SELECT * FROM alert_history`.execute(db);
  await db.schema.dropTable('alert_history').execute();
  await sql`ALTER TABLE alert_history_rebuilt RENAME TO alert_history`.execute(db);
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
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE alert_history DROP CONSTRAINT alert_history_alert_id_fkey`.execute(db);
  } else {
    await rebuildOnSqlite(db, false);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Entries of deleted alerts cannot stay under a key to alerts.
  await sql`DELETE FROM alert_history
    WHERE NOT EXISTS (SELECT 1 FROM alerts WHERE alerts.id = alert_history.alert_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`ALTER TABLE alert_history ADD CONSTRAINT alert_history_alert_id_fkey
      FOREIGN KEY (alert_id) REFERENCES alerts (id) ON DELETE CASCADE`.execute(db);
  } else {
    await rebuildOnSqlite(db, true);
  }
}
