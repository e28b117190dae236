import { type Kysely, sql } from 'kysely';

/**
 * Two facts the SAML sign-in keeps from now on (decision 082):
 * - `saml_login_codes.browser_hash`: sha256 of the random state the browser that started the
 *   sign-in holds in a cookie; the code is traded for a session only alongside that cookie.
 *   Null on codes from before (they live 60 seconds, and are refused).
 * - `users.sso_only`: 1 for a user a SAML sign-in created, who never chose a password. Existing
 *   ones are found by their first SAML login: it carries the creation's own timestamp.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('saml_login_codes').addColumn('browser_hash', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('sso_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update users set sso_only = 1
    where exists (
      select 1 from saml_logins
      where saml_logins.user_id = users.id and saml_logins.created_at = users.created_at
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sso_only').execute();
  await db.schema.alterTable('saml_login_codes').dropColumn('browser_hash').execute();
}
