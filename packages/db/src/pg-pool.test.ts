import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
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

  // Before: a connection dropped while it started failed the query (a 503 on the request path),
  // although nothing had run on it.
  test('a connection dropped while it starts is opened again: the query is answered', async () => {
    const target = Number(new URL(url).port || 5432);
    let dropped = 0;
    let toDrop = 0;
    const held = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      held.add(client);
      client.on('close', () => held.delete(client));
      if (toDrop > 0) {
        toDrop--;
        dropped++;
        client.destroy();
        return;
      }
      const upstream = tcpConnect(target, '127.0.0.1');
      held.add(upstream);
      upstream.on('close', () => held.delete(upstream));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(typeof address === 'object' && address ? address.port : 0);
    const other = await connectDatabase(viaProxy.toString(), {
      schema: name,
      poolSize: 1,
      applicationName: `${name}_drop`,
      onConnectionError: () => {},
    });
    // The schema is made first on a connection of its own; the pool's first two are dropped.
    toDrop = 2;
    try {
      const { rows } = await sql<{ n: number }>`select 7 as n`.execute(other.kysely);
      assert.deepEqual(rows, [{ n: 7 }]);
      assert.equal(dropped, 2, 'the first two connections were dropped while starting');
    } finally {
      await other.close();
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
