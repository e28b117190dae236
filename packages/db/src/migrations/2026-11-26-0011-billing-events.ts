import type { Kysely } from 'kysely';

/**
 * Payment-provider webhook events already handled, by the provider's event id: a delivery seen
 * before changes nothing (providers deliver at least once), and the newest applied event per
 * subscription tells a late, older event from a current one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_events_object')
    .on('billing_events')
    .columns(['object_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
}
