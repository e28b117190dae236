import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openTestDatabase } from '@tokenwise/db';
import { createDatabaseBusRelay } from './bus-relay.ts';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
before(async () => {
  db = await openTestDatabase();
});
after(() => db?.close());

test('each instance reads another’s relayed message once, never its own or one from before it started', async () => {
  const now = 1_000_000;
  const clock = () => now;
  const a = createDatabaseBusRelay(db, clock);
  await a.put('api-key-deleted', 'before b started');
  const b = createDatabaseBusRelay(db, clock);
  const read = async (relay: typeof a) => (await relay.take()).messages;
  assert.deepEqual(await read(b), [], 'a row from before b’s first read');
  assert.deepEqual(await read(a), []);

  await a.put('api-key-deleted', 'hash-1');
  await b.put('cache-cleared', '{"accountId":"x"}');
  assert.deepEqual(await read(b), [{ topic: 'api-key-deleted', message: 'hash-1' }]);
  assert.deepEqual(await read(b), [], 'read once');
  assert.deepEqual(await read(a), [{ topic: 'cache-cleared', message: '{"accountId":"x"}' }]);
});

test('an instance that could not read the relay for minutes is told it may have missed messages', async () => {
  let now = 5_000_000;
  const relay = createDatabaseBusRelay(db, () => now);
  assert.equal((await relay.take()).missed, false, 'the first read');
  now += 1_000;
  assert.equal((await relay.take()).missed, false);
  // Its database unreachable meanwhile: another instance's prune may have taken rows it never read.
  now += 3 * 60_000;
  assert.equal((await relay.take()).missed, true);
  now += 400;
  assert.equal((await relay.take()).missed, false, 'once');
});

/** The newest row's date, on the database's clock. */
async function newestRow(): Promise<number> {
  const row = await db.kysely
    .selectFrom('bus_messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirstOrThrow();
  return Number(row.at);
}

test('an instance whose clock is hours ahead does not prune rows the others have not read', async () => {
  let aheadNow = Date.now();
  const ahead = createDatabaseBusRelay(db, () => aheadNow);
  const writer = createDatabaseBusRelay(db, Date.now);
  const reader = createDatabaseBusRelay(db, Date.now);
  await ahead.take();
  await reader.take();
  await writer.put('api-key-deleted', 'hash-late');
  // Its next read is past its prune interval, and its clock says the row is three hours old.
  aheadNow += 3 * 3_600_000;
  await ahead.take();
  assert.deepEqual((await reader.take()).messages, [
    { topic: 'api-key-deleted', message: 'hash-late' },
  ]);
});

test('rows kept five minutes of the database’s clock are pruned, newer ones are not', async () => {
  let now = Date.now();
  const relay = createDatabaseBusRelay(db, () => now);
  await relay.put('api-key-deleted', 'fresh');
  const old = (await newestRow()) - 6 * 60_000;
  await db.kysely
    .insertInto('bus_messages')
    .values({ id: 'stale-row', topic: 'api-key-deleted', message: 'stale', created_at: old })
    .execute();
  now += 2 * 60_000;
  await relay.take();
  const left = await db.kysely.selectFrom('bus_messages').select('message').execute();
  assert.ok(!left.some((r) => r.message === 'stale'), 'pruned');
  assert.ok(
    left.some((r) => r.message === 'fresh'),
    'kept',
  );
});

test('an instance reads only rows dated after its last read, less a margin for late commits', async () => {
  const reader = createDatabaseBusRelay(db, Date.now);
  const writer = createDatabaseBusRelay(db, Date.now);
  await reader.take();
  await writer.put('api-key-deleted', 'recent');
  assert.deepEqual((await reader.take()).messages, [
    { topic: 'api-key-deleted', message: 'recent' },
  ]);
  const newest = await newestRow();
  // Dated when inserted, visible when committed: a row whose transaction was open 10 s is dated
  // before the last read, and is still read.
  await db.kysely
    .insertInto('bus_messages')
    .values([
      { id: 'late-commit', topic: 'api-key-deleted', message: 'late', created_at: newest - 10_000 },
      // Dated minutes before the last read: there, and read, at an earlier read.
      {
        id: 'long-read',
        topic: 'api-key-deleted',
        message: 'old',
        created_at: newest - 4 * 60_000,
      },
    ])
    .execute();
  assert.deepEqual((await reader.take()).messages, [{ topic: 'api-key-deleted', message: 'late' }]);
  assert.deepEqual((await reader.take()).messages, [], 'read once');
});
