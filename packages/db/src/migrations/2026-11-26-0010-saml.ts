import type { Kysely } from 'kysely';

// SAML single sign-on: one IdP per account, the AuthnRequest ids this SP issued (InResponseTo),
// each accepted assertion (replay guard and login record in one row), the one-time codes the SPA
// trades for a session, and whether a session is confined to its account (migration 0008 added
// sessions.account_id, the session's active account).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saml_configs')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idp_entity_id', 'text', (c) => c.notNull())
    .addColumn('idp_sso_url', 'text', (c) => c.notNull())
    .addColumn('idp_x509_cert', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saml_requests_expiry_idx')
    .on('saml_requests')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('saml_logins')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_logins_pk', ['account_id', 'assertion_id'])
    .execute();

  await db.schema
    .createTable('saml_login_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('confined', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('confined').execute();
  for (const table of ['saml_login_codes', 'saml_logins', 'saml_requests', 'saml_configs']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
