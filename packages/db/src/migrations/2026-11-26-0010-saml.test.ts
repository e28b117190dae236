import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { BEFORE_TEAMS, useMigrationDatabase } from './testing/use-migration-database.ts';

describe('migration 0010: SAML tables and session scope, down and up again', () => {
  const { db, tableNames } = useMigrationDatabase();

  test('down drops the SAML tables and keeps sessions; up brings them back, scope unset', async () => {
    await db()
      .kysely.insertInto('users')
      .values({
        id: 'u1',
        email: 'a@x.io',
        password_hash: 'h',
        is_superadmin: 0,
        password_reset_required: 0,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    await db()
      .kysely.insertInto('sessions')
      .values({ token_hash: 't1', user_id: 'u1', created_at: 0, expires_at: 1 })
      .execute();
    await migrateTo(db(), BEFORE_TEAMS);
    const down = await tableNames();
    for (const t of ['saml_configs', 'saml_requests', 'saml_logins', 'saml_login_codes']) {
      assert.ok(!down.includes(t), `${t} dropped`);
    }
    await migrateToLatest(db());
    assert.ok((await tableNames()).includes('saml_logins'));
    const session = await db().kysely.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    assert.equal(session.token_hash, 't1');
    assert.equal(session.account_id, null);
  });
});
