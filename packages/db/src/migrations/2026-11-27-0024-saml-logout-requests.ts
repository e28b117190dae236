import type { Kysely } from 'kysely';

/**
 * LogoutRequest ids the SLS has acted on (decision 134): the key refuses the same signed request a
 * second time, on any instance. A row is kept as long as its request could still pass the age
 * check, then pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saml_logout_requests')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_logout_requests_pk', ['account_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('saml_logout_requests_expiry_idx')
    .on('saml_logout_requests')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saml_logout_requests').execute();
}
