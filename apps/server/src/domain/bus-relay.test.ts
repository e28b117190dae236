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
  assert.deepEqual(await b.take(), [], 'a row from before b’s first read');
  assert.deepEqual(await a.take(), []);

  await a.put('api-key-deleted', 'hash-1');
  await b.put('cache-cleared', '{"accountId":"x"}');
  assert.deepEqual(await b.take(), [{ topic: 'api-key-deleted', message: 'hash-1' }]);
  assert.deepEqual(await b.take(), [], 'read once');
  assert.deepEqual(await a.take(), [{ topic: 'cache-cleared', message: '{"accountId":"x"}' }]);

  // Pruned once kept long enough (five minutes).
  now += 6 * 60_000;
  assert.deepEqual(await a.take(), []);
  const left = await db.kysely.selectFrom('bus_messages').select('id').execute();
  assert.equal(left.length, 0);
});
