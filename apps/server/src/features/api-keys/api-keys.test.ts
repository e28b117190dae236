import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { API_KEYS_PER_ACCOUNT } from '@tokenwise/contracts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

describe('gateway API keys (/v1/keys)', () => {
  const server = useTestServer();

  test('create, list with the full key, delete', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/keys', { name: '  Production  ' });
    assert.equal(created.status, 201);
    assert.equal(created.body.name, 'Production');
    assert.match(created.body.key, /^tw_[\w-]{43}$/, 'prefix plus 32 random bytes');
    assert.equal(created.body.last_used, null);
    const list = await u.api('GET', '/v1/keys');
    assert.deepEqual(
      list.body.map((k: { key: string }) => k.key),
      [created.body.key],
    );
    assert.equal((await u.api('DELETE', `/v1/keys/${created.body.id}`)).status, 200);
    assert.deepEqual((await u.api('GET', '/v1/keys')).body, []);
  });

  test('the key is stored hashed and sealed, never in clear', async () => {
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/keys', { name: 'k' });
    const row = await server.deps.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    assert.notEqual(row.key_hash, created.body.key);
    assert.ok(!row.key_sealed.includes(created.body.key.slice(3)));
    assert.equal(row.key_prefix, created.body.key.slice(0, 12));
  });

  test('blank or overlong names are refused with a message', async () => {
    const u = await signUpSubscribed(server);
    const blank = await u.api('POST', '/v1/keys', { name: '   ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.message, 'Key name is required');
    assert.equal((await u.api('POST', '/v1/keys', { name: 'x'.repeat(101) })).status, 400);
  });

  test('a name must show something and stay one line, in the reading order it was typed', async () => {
    const u = await signUpSubscribed(server);
    for (const [name, message] of [
      ['\u200b\u200b', 'Key name is required'],
      [' \u2060\ufeff ', 'Key name is required'],
      ['prod\nstaging', 'Key name must be one line, without control characters'],
      ['a\u0007b', 'Key name must be one line, without control characters'],
      // Shown as "exe.png" in the list: a bidi override lets one key pass for another.
      ['\u202egnp.exe', 'Key name must be one line, without control characters'],
      ['x\u2067y', 'Key name must be one line, without control characters'],
    ]) {
      const res = await u.api('POST', '/v1/keys', { name });
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.equal(res.body.message, message);
    }
    assert.deepEqual((await u.api('GET', '/v1/keys')).body, []);
    // Joiners inside an emoji and right-to-left scripts are text, not controls.
    for (const name of ['👩\u200d💻 laptop', 'مفتاح الإنتاج', 'Ключ']) {
      assert.equal((await u.api('POST', '/v1/keys', { name })).status, 201, name);
    }
  });

  test('a name holding half a surrogate pair is refused: no database stores it as sent', async () => {
    const u = await signUpSubscribed(server);
    // JSON can carry "\ud800"; UTF-8 cannot, so SQLite read it back as three U+FFFD and
    // PostgreSQL as one, while the 201 echoed the name as sent (decision 235).
    for (const name of ['a\ud800b', 'z\udfff', '\udc00\ud83d']) {
      const res = await u.api('POST', '/v1/keys', { name });
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.equal(
        res.body.message,
        'name must not contain broken characters (half a surrogate pair)',
      );
    }
    assert.deepEqual((await u.api('GET', '/v1/keys')).body, []);
    // A whole pair is an ordinary character.
    assert.equal((await u.api('POST', '/v1/keys', { name: 'key \ud83d\udd11' })).status, 201);
  });

  test(`an account holds at most ${API_KEYS_PER_ACCOUNT} keys; a delete makes room`, async () => {
    const u = await signUpSubscribed(server);
    // Filled through the table: the cap is what is tested, not a hundred round trips.
    const rows = Array.from({ length: API_KEYS_PER_ACCOUNT - 1 }, (_, i) => ({
      id: randomUUID(),
      account_id: u.accountId,
      name: `bulk ${i}`,
      key_hash: `hash-${randomUUID()}`,
      key_sealed: 'unused',
      key_prefix: 'tw_bulk',
      created_by: u.userId,
      created_at: Date.now(),
      last_used_at: null,
    }));
    await server.deps.db.kysely.insertInto('api_keys').values(rows).execute();
    const last = await u.api('POST', '/v1/keys', { name: 'the last one' });
    assert.equal(last.status, 201);
    const over = await u.api('POST', '/v1/keys', { name: 'one too many' });
    assert.equal(over.status, 409);
    assert.equal(
      over.body.message,
      `An account can have at most ${API_KEYS_PER_ACCOUNT} API keys; delete one to add another`,
    );
    assert.equal((await u.api('DELETE', `/v1/keys/${last.body.id}`)).status, 200);
    assert.equal((await u.api('POST', '/v1/keys', { name: 'room again' })).status, 201);
    // Another account is not counted against this one.
    const other = await signUpSubscribed(server);
    assert.equal((await other.api('POST', '/v1/keys', { name: 'mine' })).status, 201);
  });

  test('one account cannot see or delete another account’s keys', async () => {
    const a = await signUpSubscribed(server);
    const b = await signUpSubscribed(server);
    const key = await a.api('POST', '/v1/keys', { name: 'secret' });
    assert.deepEqual((await b.api('GET', '/v1/keys')).body, []);
    const del = await b.api('DELETE', `/v1/keys/${key.body.id}`);
    assert.equal(del.status, 404);
    assert.equal((await a.api('GET', '/v1/keys')).body.length, 1);
  });

  test('without a subscription the key routes answer 402; read-only members get 403', async () => {
    const u = await signUp(server);
    assert.equal((await u.api('GET', '/v1/keys')).status, 402);
    const owner = await signUpSubscribed(server);
    const ro = await signUp(server);
    await moveToAccount(server, ro.userId, owner.accountId, 'read_only');
    assert.equal((await ro.api('GET', '/v1/keys')).status, 403);
    assert.equal((await ro.api('POST', '/v1/keys', { name: 'x' })).status, 403);
  });
});
