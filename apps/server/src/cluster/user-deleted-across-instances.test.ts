import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import OpenAI from 'openai';
import { proveMailbox, signUp, signUpSubscribed } from '../testing/test-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import { clusterUnavailable, startTwoInstances, type TwoInstances } from './two-instances.ts';

const ROOT = `root-${Math.random().toString(36).slice(2)}@example.com`;
const model = 'openai/gpt-4o-mini';
const PROPAGATION_MS = 1_000;

/**
 * docs/permissions.md, 'Deleting a user (superadmin)': a platform operator deletes, on A, a user
 * alone in their account while B serves that account's gateway key. Another account, with the
 * same kinds of data, must come through untouched.
 */
describe('a user deleted on one instance', { skip: clusterUnavailable }, () => {
  let c: TwoInstances;
  before(async () => {
    c = await startTwoInstances({ SUPERADMIN_EMAILS: ROOT });
  });
  after(() => c?.close());

  /** Rows per table holding `account_id`, partitions included: every kind of account data. */
  async function rowsOf(accountId: string): Promise<Record<string, number>> {
    const db = c.a.server.deps.db.kysely;
    const tables = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where column_name = 'account_id' and table_schema = current_schema()
      order by table_name`.execute(db);
    const rows: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const n = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(table_name)} where account_id = ${accountId}`.execute(
        db,
      );
      rows[table_name] = Number(n.rows[0]?.n);
    }
    return rows;
  }

  async function traffic(key: string) {
    const client = c.client(c.b, key);
    for (const content of ['Name the rivers of Europe', 'Name the rivers of Europe', 'Copper?'])
      await client.chat.completions.create({ model, messages: [{ role: 'user', content }] });
    assert.equal(
      (await c.a.user.api('POST', '/v1/alerts', { name: 'Budget', conditions: {} })).status,
      201,
    );
    await c.b.app.gateway.logs.flush();
    await c.b.app.gateway.cache.settled();
  }

  test('loses sessions and keys on every instance at once, and their account its data', async () => {
    const root = await proveMailbox(c.a.server, await signUp(c.a.server, ROOT));
    const other = await signUpSubscribed(c.a.server);
    const otherKey = (await other.api('POST', '/v1/keys', { name: 'other' })).body.key as string;
    const otherProvider = await other.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
      label: 'main',
    });
    assert.equal(otherProvider.status, 201);
    await traffic(c.a.gatewayKey);
    await traffic(otherKey);
    await other.api('POST', '/v1/alerts', { name: 'Budget', conditions: {} });

    // The console's figures are the ones each account's own /billing screen shows.
    for (const user of [c.a.user, other]) {
      const console_ = await root.api('GET', `/v1/admin/accounts?search=${user.email}`);
      const billing = (await user.api('GET', '/v1/billing/subscription')).body;
      assert.ok(billing.usage.total_optimized_tokens > 0);
      assert.equal(console_.body[0].usage.tokens_used, billing.usage.total_optimized_tokens);
    }

    const doomed = await rowsOf(c.a.user.accountId);
    for (const table of [
      'request_logs',
      'cache_entries',
      'alerts',
      'provider_keys',
      'api_keys',
      'usage_periods',
    ])
      assert.ok(doomed[table], `the account has ${table} to lose`);
    const untouched = await rowsOf(other.accountId);

    const deleted = await root.api('DELETE', `/v1/admin/users/${c.a.user.userId}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.message, 'User deleted, with the account only they belonged to');

    const onB = new OpenAI({ apiKey: c.a.gatewayKey, baseURL: `${c.b.url}/v1`, maxRetries: 0 });
    await waitFor(
      'B to refuse the deleted user’s key',
      () =>
        onB.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).then(
          () => false,
          (err) => err instanceof OpenAI.APIError && err.status === 401,
        ),
      PROPAGATION_MS,
    );
    const me = await fetch(`${c.b.url}/v1/auth/me`, {
      headers: { authorization: `Bearer ${c.a.user.token}` },
    });
    assert.equal(me.status, 401, 'the session is gone on B too');

    const left = await rowsOf(c.a.user.accountId);
    assert.deepEqual(
      Object.entries(left).filter(([, n]) => n > 0),
      [],
      'nothing of the account is left',
    );
    assert.deepEqual(await rowsOf(other.accountId), untouched, 'the other account lost nothing');
    const stillServed = await c
      .client(c.b, otherKey)
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'Still there?' }] });
    assert.ok(stillServed.choices[0]);
  });
});
