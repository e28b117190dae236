import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { BEFORE_TEAMS, useMigrationDatabase } from './testing/use-migration-database.ts';

const TABLES = ['alerts', 'alert_history', 'alert_leases'];

describe('migration 0009: alerts, their history and the evaluator lease', () => {
  const { db, tableNames } = useMigrationDatabase();

  test('down drops the three tables, up brings them back empty', async () => {
    for (const t of TABLES) assert.ok((await tableNames()).includes(t), `${t} after up`);
    await migrateTo(db(), BEFORE_TEAMS);
    for (const t of TABLES) assert.ok(!(await tableNames()).includes(t), `${t} after down`);
    await migrateToLatest(db());
    assert.deepEqual(await db().kysely.selectFrom('alerts').selectAll().execute(), []);
  });
});
