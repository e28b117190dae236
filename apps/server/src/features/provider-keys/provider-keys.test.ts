import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { PROVIDER_KEYS_PER_ACCOUNT } from '@tokenwise/contracts';
import { moveToAccount, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

describe('provider keys (/v1/provider-keys)', () => {
  const server = useTestServer();

  test('add, list without the secret, delete', async () => {
    const u = await signUpSubscribed(server);
    const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
    const created = await u.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: secret,
      label: 'Main',
    });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body).sort(), [
      'created_at',
      'id',
      'label',
      'last_used_at',
      'provider',
    ]);
    const list = await u.api('GET', '/v1/provider-keys');
    assert.equal(list.body.length, 1);
    assert.ok(!JSON.stringify(list.body).includes(secret), 'the key is never returned');
    const row = await server.deps.db.kysely
      .selectFrom('provider_keys')
      .selectAll()
      .executeTakeFirstOrThrow();
    assert.ok(!row.key_sealed.includes(secret), 'sealed at rest');
    assert.equal((await u.api('DELETE', `/v1/provider-keys/${created.body.id}`)).status, 200);
    assert.deepEqual((await u.api('GET', '/v1/provider-keys')).body, []);
  });

  test('two keys sealed from the same secret differ (fresh nonce per key)', async () => {
    const u = await signUpSubscribed(server);
    await u.api('POST', '/v1/provider-keys', { provider: 'groq', api_key: 'same-secret' });
    await u.api('POST', '/v1/provider-keys', { provider: 'groq', api_key: 'same-secret' });
    const rows = await server.deps.db.kysely
      .selectFrom('provider_keys')
      .select('key_sealed')
      .where('account_id', '=', u.accountId)
      .execute();
    assert.equal(rows.length, 2);
    assert.notEqual(rows[0]?.key_sealed, rows[1]?.key_sealed);
  });

  test('validation: provider must be known, api key required, label optional', async () => {
    const u = await signUpSubscribed(server);
    const bad = await u.api('POST', '/v1/provider-keys', { provider: 'acme', api_key: 'x' });
    assert.equal(bad.status, 400);
    const missing = await u.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: '' });
    assert.equal(missing.body.message, 'API key is required');
    const noLabel = await u.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'k' });
    assert.equal(noLabel.body.label, null);
  });

  test('a label is one line in its typed order; an invisible one is no label', async () => {
    const u = await signUpSubscribed(server);
    for (const label of ['main\nbackup', '\u202eniam', 'a\tb']) {
      const res = await u.api('POST', '/v1/provider-keys', {
        provider: 'groq',
        api_key: 'k',
        label,
      });
      assert.equal(res.status, 400, JSON.stringify(label));
      assert.equal(res.body.message, 'Label must be one line, without control characters');
    }
    const invisible = await u.api('POST', '/v1/provider-keys', {
      provider: 'groq',
      api_key: 'k',
      label: '\u200b\u2060',
    });
    assert.equal(invisible.status, 201);
    assert.equal(invisible.body.label, null);
  });

  test(`an account holds at most ${PROVIDER_KEYS_PER_ACCOUNT} provider keys`, async () => {
    const u = await signUpSubscribed(server);
    const rows = Array.from({ length: PROVIDER_KEYS_PER_ACCOUNT }, () => ({
      id: randomUUID(),
      account_id: u.accountId,
      provider: 'groq',
      label: null,
      key_sealed: 'unused',
      created_at: Date.now(),
      last_used_at: null,
    }));
    await server.deps.db.kysely.insertInto('provider_keys').values(rows).execute();
    const over = await u.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'k' });
    assert.equal(over.status, 409);
    assert.equal(
      over.body.message,
      `An account can have at most ${PROVIDER_KEYS_PER_ACCOUNT} provider keys; delete one to add another`,
    );
    const first = rows[0]?.id as string;
    assert.equal((await u.api('DELETE', `/v1/provider-keys/${first}`)).status, 200);
    assert.equal(
      (await u.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'k' })).status,
      201,
    );
  });

  test('a key with a line break, NUL, space or tab inside is refused and nothing is stored', async () => {
    const u = await signUpSubscribed(server);
    for (const api_key of [
      'sk-abc\ndef',
      'sk-abc\r\nX-Evil: 1',
      'sk-abc\u0000',
      'sk abc',
      'sk-\tabc',
    ]) {
      const res = await u.api('POST', '/v1/provider-keys', { provider: 'openai', api_key });
      assert.equal(res.status, 400, JSON.stringify(api_key));
      assert.equal(
        res.body.message,
        'API key may only contain printable characters, with no spaces or line breaks',
      );
    }
    const stored = await server.deps.db.kysely
      .selectFrom('provider_keys')
      .select('id')
      .where('account_id', '=', u.accountId)
      .execute();
    assert.deepEqual(stored, []);
    // A newline copied along at the end is only trimmed.
    const pasted = await u.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: '  sk-abc-123\n',
    });
    assert.equal(pasted.status, 201);
  });

  test('accounts are isolated; members may list but not change', async () => {
    const a = await signUpSubscribed(server);
    const b = await signUpSubscribed(server);
    const key = await a.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'k' });
    assert.deepEqual((await b.api('GET', '/v1/provider-keys')).body, []);
    assert.equal((await b.api('DELETE', `/v1/provider-keys/${key.body.id}`)).status, 404);
    const member = await signUp(server);
    await moveToAccount(server, member.userId, a.accountId, 'member');
    assert.equal((await member.api('GET', '/v1/provider-keys')).body.length, 1);
    assert.equal(
      (await member.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'k' })).status,
      403,
    );
  });
});
