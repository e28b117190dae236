import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ownTables } from '../catalog-race.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { openTestDatabase } from '../test-database.ts';

const TABLES = ['alerts', 'alert_history', 'alert_leases'];

describe('migration 0009: alerts, their history and the evaluator lease', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  const tableNames = async () => (await ownTables(db)).map((t) => t.name);

  test('down drops the three tables, up brings them back empty', async () => {
    for (const t of TABLES) assert.ok((await tableNames()).includes(t), `${t} after up`);
    await migrateTo(db, '2026-11-21-0007-secret-redaction-default');
    for (const t of TABLES) assert.ok(!(await tableNames()).includes(t), `${t} after down`);
    await migrateToLatest(db);
    assert.deepEqual(await db.kysely.selectFrom('alerts').selectAll().execute(), []);
  });
});
