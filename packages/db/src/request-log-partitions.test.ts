import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import {
  dropRequestLogPartitionsBefore,
  ensureRequestLogPartitions,
  monthOf,
  monthsBetween,
  requestLogPartitions,
} from './request-log-partitions.ts';
import { openTestDatabase } from './test-database.ts';
import {
  at,
  insertLog as insertRow,
  insertVotes,
  tablesOfRows,
} from './testing/request-log-rows.ts';

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;

describe('request-log month partitions', () => {
  let db: TestDb;
  before(async () => {
    db = await openTestDatabase();
    await db.kysely
      .insertInto('accounts')
      .values({ id: 'acc', name: 'A', created_at: 0 })
      .execute();
  });
  after(() => db.close());
  const postgres = () => db.dialect === 'postgres';

  const insertLog = (id: string, createdAt: number) => insertRow(db.kysely, id, createdAt);
  const partitionOf = async (id: string) => (await tablesOfRows(db.kysely))[id];
  const monthNames = async () => (await requestLogPartitions(db))?.months.map((m) => m.name) ?? [];

  test('months are calendar months in UTC', () => {
    assert.deepEqual(monthOf(Date.UTC(2026, 11, 31, 23, 59, 59, 999)), {
      name: 'request_logs_p202612',
      from: Date.UTC(2026, 11, 1),
      to: Date.UTC(2027, 0, 1),
    });
    assert.deepEqual(
      monthsBetween(at(2026, 11, 20), at(2027, 2, 1)).map((m) => m.name),
      [
        'request_logs_p202611',
        'request_logs_p202612',
        'request_logs_p202701',
        'request_logs_p202702',
      ],
    );
  });

  test('PostgreSQL: made months take over their rows from the default partition', async (t) => {
    if (!postgres()) return t.skip('PostgreSQL only');
    await insertLog('jun-1', at(2026, 6, 1));
    await insertLog('jul-31', Date.UTC(2026, 7, 1) - 1);
    await insertLog('aug-1', Date.UTC(2026, 7, 1));
    assert.equal(await partitionOf('jun-1'), 'request_logs_default');

    // Two instances starting together: one makes the months, the other finds them made.
    const made = await Promise.all([
      ensureRequestLogPartitions(db, at(2026, 6, 10), at(2026, 8, 10)),
      ensureRequestLogPartitions(db, at(2026, 6, 10), at(2026, 8, 10)),
    ]);
    assert.deepEqual(made.flat().sort(), [
      'request_logs_p202606',
      'request_logs_p202607',
      'request_logs_p202608',
    ]);
    assert.equal(await partitionOf('jun-1'), 'request_logs_p202606');
    assert.equal(await partitionOf('jul-31'), 'request_logs_p202607');
    assert.equal(await partitionOf('aug-1'), 'request_logs_p202608');
    assert.deepEqual(await ensureRequestLogPartitions(db, at(2026, 6, 10), at(2026, 8, 10)), []);
    // The attached month carries the table's indexes and key like the others.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'request_logs_p202607'`.execute(
      db.kysely,
    );
    const { rows: parent } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'request_logs'`.execute(db.kysely);
    assert.equal(Number(rows[0]?.n), Number(parent[0]?.n));
  });

  test('PostgreSQL: months ending by the cut-off go whole, with their votes', async (t) => {
    if (!postgres()) return t.skip('PostgreSQL only');
    await insertVotes(db.kysely, ['jun-1', 'aug-1']);

    // The cut-off falls inside August: June and July go, August stays for the row deletes.
    const dropped = await dropRequestLogPartitionsBefore(db, at(2026, 8, 15));

    assert.equal(dropped, 2);
    const names = await monthNames();
    assert.ok(!names.includes('request_logs_p202606') && !names.includes('request_logs_p202607'));
    assert.ok(names.includes('request_logs_p202608'));
    const votes = await db.kysely.selectFrom('eval_feedback').select('request_id').execute();
    assert.deepEqual(votes, [{ request_id: 'aug-1' }]);
    assert.equal(await dropRequestLogPartitionsBefore(db, at(2026, 8, 15)), 0, 'nothing left');
  });

  test('SQLite: no partitions, nothing made or dropped', async (t) => {
    if (postgres()) return t.skip('SQLite only');
    await insertLog('jun-1', at(2026, 6, 1));
    assert.equal(await requestLogPartitions(db), undefined);
    assert.deepEqual(await ensureRequestLogPartitions(db, at(2026, 6, 1), at(2026, 8, 1)), []);
    assert.equal(await dropRequestLogPartitionsBefore(db, at(2027, 1, 1)), 0);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM request_logs`.execute(
      db.kysely,
    );
    assert.equal(Number(rows[0]?.n), 1);
  });
});
