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
  let now = 1_000_000;
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

  // Pruned once kept long enough (five minutes).
  now += 6 * 60_000;
  assert.deepEqual(await read(a), []);
  const left = await db.kysely.selectFrom('bus_messages').select('id').execute();
  assert.equal(left.length, 0);
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
