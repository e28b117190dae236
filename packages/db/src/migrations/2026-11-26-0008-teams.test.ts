import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ownTables } from '../catalog-race.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { openTestDatabase } from '../test-database.ts';

describe('migration 0008: teams', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  async function columns(table: string): Promise<string[]> {
    const found = (await ownTables(db)).find((t) => t.name === table);
    return (found?.columns ?? []).map((c) => c.name);
  }

  test('adds the session account and the password expiry, and takes them away again', async () => {
    await migrateToLatest(db);
    assert.ok((await columns('sessions')).includes('account_id'));
    assert.ok((await columns('users')).includes('password_expires_at'));
    await migrateTo(db, '2026-11-21-0007-secret-redaction-default');
    assert.ok(!(await columns('sessions')).includes('account_id'));
    assert.ok(!(await columns('users')).includes('password_expires_at'));
    await migrateToLatest(db);
    assert.ok((await columns('sessions')).includes('account_id'), 'up again after down');
  });
});
