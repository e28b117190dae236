import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { at, insertLog } from '../testing/request-log-rows.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

const BEFORE_SAMPLE = '2026-11-26-0012-request-logs-partitions';

describe('migration 0013: request_logs.difficulty_not_sampled', () => {
  const { db, columns } = useMigrationDatabase();

  test('rows from before read as not left out of a sample; down drops the column, up restores it', async () => {
    await migrateTo(db(), BEFORE_SAMPLE);
    assert.ok(!(await columns('request_logs')).includes('difficulty_not_sampled'));
    const k = db().kysely;
    await k.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
    await insertLog(k, 'old', at(2026, 11, 20));

    await migrateToLatest(db());
    const row = await k
      .selectFrom('request_logs')
      .select(['id', 'difficulty', 'difficulty_not_sampled'])
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { id: 'old', difficulty: null, difficulty_not_sampled: null });

    await migrateTo(db(), BEFORE_SAMPLE);
    assert.ok(!(await columns('request_logs')).includes('difficulty_not_sampled'));
    await migrateToLatest(db());
    assert.ok((await columns('request_logs')).includes('difficulty_not_sampled'));
  });
});
