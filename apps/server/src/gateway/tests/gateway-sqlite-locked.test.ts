import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseDatabaseUrl } from '@tokenwise/db';
import { holdWriteLock, writeLockHeld } from '../../testing/sqlite-lock.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

const onSqlite = !process.env.DATABASE_URL?.startsWith('postgres');
const model = 'openai/gpt-4o-mini';

describe('SQLite file locked by another process', {
  skip: !onSqlite && 'SQLite only',
}, () => {
  let f: GatewayFixture;
  let file: string;
  before(async () => {
    f = await startGatewayFixture();
    file = parseDatabaseUrl(f.server.deps.config.databaseUrl).target;
  });
  after(() => f.close());

  /** Sends `count` chat requests, `concurrency` at a time; returns each one's status and latency. */
  async function load(label: string, count: number, concurrency = 5) {
    const results: { status: number; ms: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        const res = await fetch(`${f.server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${f.gatewayKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages: [{ role: 'user', content: `${label} ${i}` }] }),
        });
        await res.arrayBuffer();
        results.push({ status: res.status, ms: performance.now() - started });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return results;
  }
  const storedRows = async () =>
    (
      await f.server.deps.db.kysely
        .selectFrom('request_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', f.user.accountId)
        .executeTakeFirstOrThrow()
    ).n;
  const latencies = (rs: { ms: number }[]) => {
    const sorted = rs.map((r) => r.ms).sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
    return `median ${at(0.5)} ms, max ${at(1)} ms`;
  };

  test('requests keep answering while the lock is held; every row lands after it is released', async (t) => {
    await load('warm up', 5);
    const unlocked = await load('unlocked', 30);
    assert.deepEqual(
      unlocked.filter((r) => r.status !== 200),
      [],
    );
    await f.server.app.gateway.logs.flush();
    const rowsBefore = await storedRows();

    const holder = await holdWriteLock(file);
    try {
      const locked = await load('locked', 30);
      assert.equal(writeLockHeld(file), true, 'the other process still held the lock');
      assert.deepEqual(
        locked.filter((r) => r.status !== 200),
        [],
        'every request answered while the file was locked',
      );
      assert.equal(await storedRows(), rowsBefore, 'no log row could be written meanwhile');

      // A change from the dashboard cannot wait for the lock without stalling everyone: a 503.
      const change = await f.user.api('POST', '/v1/keys', { name: 'during the lock' });
      assert.equal(change.status, 503);
      assert.equal(change.body.error, 'database_unavailable');
      assert.equal((await f.user.api('GET', '/v1/keys')).status, 200, 'reads still work');

      t.diagnostic(`30 requests unlocked: ${latencies(unlocked)}; locked: ${latencies(locked)}`);
    } finally {
      await holder.release();
    }

    const expected = rowsBefore + 30;
    await waitFor(`${expected} request_log rows`, async () => {
      await f.server.app.gateway.logs.flush();
      return (await storedRows()) >= expected;
    });
    assert.equal(await storedRows(), expected, 'no row lost, none written twice');
  });
});
