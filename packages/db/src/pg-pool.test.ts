import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as pause } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type Db } from './connect.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const url = process.env.DATABASE_URL ?? '';

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await pause(20);
  }
}

describe('PostgreSQL pool when its sessions are terminated', {
  skip: !url.startsWith('postgres') && 'needs DATABASE_URL=postgres://…',
}, () => {
  const name = `t_pool_${randomBytes(4).toString('hex')}`;
  const lost: Error[] = [];
  let db: Db;
  let admin: pg.Client;

  before(async () => {
    db = await connectDatabase(url, {
      schema: name,
      poolSize: 2,
      applicationName: name,
      onConnectionError: (err) => lost.push(err),
    });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  after(async () => {
    await db.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await admin.end();
  });

  const terminateOurSessions = async () =>
    (
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [name],
      )
    ).rowCount ?? 0;
  const running = async (text: string) =>
    (
      await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND query LIKE $2",
        [name, `%${text}%`],
      )
    ).rows.length > 0;

  test('a session killed while its connection is checked out: reported, not a crash; the pool reconnects', async () => {
    lost.length = 0;
    let reported = false;
    const failed = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        assert.ok((await terminateOurSessions()) > 0);
        // Between two queries nothing is reading this connection: only its 'error' event tells.
        await until('the lost connection to be reported', () => lost.length > 0);
        reported = true;
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(reported, 'the dead connection was reported');
    assert.ok(isDatabaseUnavailable(failed), `a connection error, got ${String(failed)}`);
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db.kysely);
    assert.deepEqual(rows, [{ ok: 1 }]);
  });

  test('a read whose session dies mid-query is answered from a fresh connection', async () => {
    const read = sql<{ answer: number }>`select pg_sleep(0.5), 42 as answer`.execute(db.kysely);
    await until('the read to be running', () => running('pg_sleep(0.5)'));
    assert.ok((await terminateOurSessions()) > 0);
    assert.equal((await read).rows[0]?.answer, 42);
  });

  test('reads right after every session was killed are answered, idle connections included', async () => {
    // Two idle connections in the pool, then both killed: the reads that follow may be handed
    // dead connections the pool has not heard of yet, one after the other.
    await Promise.all([1, 2].map(() => sql`select pg_sleep(0.05)`.execute(db.kysely)));
    assert.ok((await terminateOurSessions()) > 0);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(
        async (n) =>
          (await sql<{ n: number }>`select ${n}::int as n`.execute(db.kysely)).rows[0]?.n,
      ),
    );
    assert.deepEqual(answers, [1, 2, 3, 4]);
  });

  test('a write whose session dies is not run twice: the caller gets a connection error', async () => {
    await sql`create table if not exists writes (n int)`.execute(db.kysely);
    const outcome = sql`insert into writes select 1 from pg_sleep(0.5)`.execute(db.kysely).then(
      () => 'written',
      (err: unknown) => err,
    );
    await until('the write to be running', () => running('insert into writes'));
    assert.ok((await terminateOurSessions()) > 0);
    const failure = await outcome;
    assert.ok(isDatabaseUnavailable(failure), `a connection error, got ${String(failure)}`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from writes`.execute(
      db.kysely,
    );
    assert.deepEqual(rows, [{ n: 0 }]);
  });
});
