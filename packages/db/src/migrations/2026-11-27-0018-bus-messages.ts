import type { Kysely } from 'kysely';

/**
 * Invalidation-bus messages an instance could not hand to Redis (its own link down or silent while
 * the others still hear the bus): every instance reads them from here, so a deleted gateway key or
 * a cleared cache reaches the others within a second, not never (decision 113). Rows are kept a
 * few minutes, then pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bus_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bus_messages_created')
    .on('bus_messages')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bus_messages').execute();
}
