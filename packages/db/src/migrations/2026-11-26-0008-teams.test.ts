import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { BEFORE_TEAMS, useMigrationDatabase } from './testing/use-migration-database.ts';

describe('migration 0008: teams', () => {
  const { db, columns } = useMigrationDatabase();

  test('adds the session account and the password expiry, and takes them away again', async () => {
    await migrateToLatest(db());
    assert.ok((await columns('sessions')).includes('account_id'));
    assert.ok((await columns('users')).includes('password_expires_at'));
    await migrateTo(db(), BEFORE_TEAMS);
    assert.ok(!(await columns('sessions')).includes('account_id'));
    assert.ok(!(await columns('users')).includes('password_expires_at'));
    await migrateToLatest(db());
    assert.ok((await columns('sessions')).includes('account_id'), 'up again after down');
  });
});
