import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

const BEFORE = '2026-11-27-0013-difficulty-sample';

describe('migration 0014: saml_login_codes.browser_hash and users.sso_only', () => {
  const { db, columns } = useMigrationDatabase();

  test('users a SAML sign-in created are marked sso_only; down drops both columns, up restores them', async () => {
    await migrateTo(db(), BEFORE);
    const k = db().kysely;
    await k.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
    const user = (id: string, createdAt: number) => ({
      id,
      email: `${id}@x.io`,
      password_hash: 'h',
      is_superadmin: 0,
      password_reset_required: 0,
      created_at: createdAt,
      updated_at: createdAt,
    });
    // `jit` was created by its first SAML login (same instant); `password` signed up, then used SSO.
    await k
      .insertInto('users')
      .values([user('jit', 100), user('password', 50)])
      .execute();
    const login = (userId: string, at: number) => ({
      account_id: 'acc',
      assertion_id: `_${userId}`,
      user_id: userId,
      name_id: `${userId}@x.io`,
      created_at: at,
    });
    await k
      .insertInto('saml_logins')
      .values([login('jit', 100), login('password', 90)])
      .execute();

    await migrateToLatest(db());
    const rows = await k.selectFrom('users').select(['id', 'sso_only']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { id: 'jit', sso_only: 1 },
      { id: 'password', sso_only: 0 },
    ]);
    assert.ok((await columns('saml_login_codes')).includes('browser_hash'));

    await migrateTo(db(), BEFORE);
    assert.ok(!(await columns('users')).includes('sso_only'));
    assert.ok(!(await columns('saml_login_codes')).includes('browser_hash'));
    await migrateToLatest(db());
    assert.ok((await columns('users')).includes('sso_only'));
  });
});
