import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import { at, insertLog, insertVotes, tablesOfRows } from '../testing/request-log-rows.ts';
import { useMigrationDatabase } from './testing/use-migration-database.ts';

const BEFORE_PARTITIONS = '2026-11-26-0011-billing-events';
/** Which table each row is stored in: the partition on PostgreSQL. */
const whereRowsLive = (db: Db) => tablesOfRows(db.kysely);

async function indexNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'request_logs' ORDER BY indexname`.execute(
    db.kysely,
  );
  return rows.map((r) => r.name);
}

async function relkind(db: Db): Promise<string> {
  const { rows } = await sql<{ kind: string }>`
    SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass('request_logs')`.execute(
    db.kysely,
  );
  return rows[0]?.kind ?? '';
}

describe('migration 0012: request_logs partitioned by month', () => {
  const { db } = useMigrationDatabase();
  const postgres = () => db().dialect === 'postgres';

  async function seedBeforePartitions() {
    await migrateTo(db(), BEFORE_PARTITIONS);
    const k = db().kysely;
    await k.insertInto('accounts').values({ id: 'acc', name: 'A', created_at: 0 }).execute();
    const rows = {
      aug: at(2026, 8, 3),
      sep: at(2026, 9, 30),
      oct: at(2026, 10, 1),
      // A month far from the others: it gets its own partition, not a run of empty ones.
      old: at(2024, 2, 29),
    };
    for (const [id, createdAt] of Object.entries(rows)) await insertLog(k, id, createdAt);
    await insertVotes(k, ['sep']);
  }

  test('PostgreSQL: existing rows, indexes and votes stay, each row in its month', async (t) => {
    if (!postgres()) return t.skip('PostgreSQL only');
    await seedBeforePartitions();
    const indexesBefore = await indexNames(db());
    assert.ok(indexesBefore.includes('request_logs_account_provider_time_idx'));

    await migrateToLatest(db());

    assert.equal(await relkind(db()), 'p', 'a partitioned table');
    assert.deepEqual(await whereRowsLive(db()), {
      aug: 'request_logs_p202608',
      oct: 'request_logs_p202610',
      old: 'request_logs_p202402',
      sep: 'request_logs_p202609',
    });
    assert.deepEqual(await indexNames(db()), indexesBefore, 'every index, by its name');
    const votes = await db().kysely.selectFrom('eval_feedback').select('request_id').execute();
    assert.deepEqual(votes, [{ request_id: 'sep' }]);
    const months = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass('request_logs') ORDER BY 1`.execute(db().kysely);
    const now = new Date();
    const thisMonth = `request_logs_p${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const names = months.rows.map((r) => r.name);
    assert.ok(names.includes(thisMonth), 'the current month is ready');
    assert.ok(names.includes('request_logs_default'));
    assert.equal(names.length, 4 + 2 + 1, 'the four months with rows, now and next, default');
  });

  test('PostgreSQL: a far-future month goes to the default partition; a key repeats per month only', async (t) => {
    if (!postgres()) return t.skip('PostgreSQL only');
    await insertLog(db().kysely, 'future', at(2031, 5, 1));
    assert.equal((await whereRowsLive(db())).future, 'request_logs_default');
    await assert.rejects(insertLog(db().kysely, 'aug', at(2026, 8, 3)), /duplicate key/);
  });

  test('PostgreSQL: down restores a plain table with every row and the vote foreign key', async (t) => {
    if (!postgres()) return t.skip('PostgreSQL only');
    await migrateTo(db(), BEFORE_PARTITIONS);
    assert.equal(await relkind(db()), 'r');
    assert.deepEqual(Object.keys(await whereRowsLive(db())), [
      'aug',
      'future',
      'oct',
      'old',
      'sep',
    ]);
    // The foreign key is back: deleting a request takes its vote.
    await db().kysely.deleteFrom('request_logs').where('id', '=', 'sep').execute();
    assert.deepEqual(await db().kysely.selectFrom('eval_feedback').selectAll().execute(), []);
    await migrateToLatest(db());
    assert.equal(await relkind(db()), 'p', 'and up again');
  });

  test('SQLite: nothing changes, deleting a request still takes its vote', async (t) => {
    if (postgres()) return t.skip('SQLite only');
    await seedBeforePartitions();
    await migrateToLatest(db());
    await db().kysely.deleteFrom('request_logs').where('id', '=', 'sep').execute();
    assert.deepEqual(await db().kysely.selectFrom('eval_feedback').selectAll().execute(), []);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM request_logs`.execute(
      db().kysely,
    );
    assert.equal(Number(rows[0]?.n), 3);
  });
});
