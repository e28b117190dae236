import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { connectDatabase } from './connect.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';

test('two processes migrating one SQLite file at once both start, and the file is migrated once', async () => {
  // The second start failed with 'table "users" already exists' (seen with two servers started
  // together on one DATA_DIR).
  const dir = mkdtempSync(join(tmpdir(), 'tw-migrate-'));
  const url = `sqlite://${join(dir, 'tokenwise.db')}`;
  const [a, b] = [await connectDatabase(url), await connectDatabase(url)];
  try {
    const [ranA, ranB] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
    assert.ok(ranA.length > 0 || ranB.length > 0, 'one of them applied the migrations');
    assert.equal(Math.min(ranA.length, ranB.length), 0, 'and the other found them applied');
    assert.deepEqual(await pendingMigrations(a), []);
    assert.deepEqual(await pendingMigrations(b), []);
  } finally {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
