import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

const databaseUrl = process.env.DATABASE_URL ?? '';
const onPostgres = databaseUrl.startsWith('postgres');
const model = 'openai/gpt-4o-mini';

interface OpenAiError {
  error: { code: string; type: string; message: string };
}
interface AnthropicError {
  type: string;
  error: { type: string; message: string };
}

/** The same server and credentials, reached through `proxy` instead. */
function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

describe('PostgreSQL connections lost under gateway traffic', {
  skip: !onPostgres && 'needs DATABASE_URL=postgres://…',
}, () => {
  let proxy: TcpProxy;
  let f: GatewayFixture;
  let admin: pg.Client;
  /** Holds row locks; a separate session, as pg_stat_activity reads stay frozen inside a transaction. */
  let locker: pg.Client;
  let schema: string;

  before(async () => {
    const target = Number(new URL(databaseUrl).port || 5432);
    proxy = await startTcpProxy(target);
    f = await startGatewayFixture({}, undefined, viaProxy(databaseUrl, proxy));
    schema = f.server.deps.db.schema ?? '';
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
  });
  after(async () => {
    await proxy.restore().catch(() => {});
    await admin.end();
    await locker.end();
    await f.close();
    await proxy.close();
  });

  const chat = (content: string) =>
    fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.gatewayKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    });
  /** Kills every session of this test's server (its pool carries the schema as application_name). */
  const terminateServerBackends = async () => {
    // The filter runs before the select list, so no other session is ever signalled.
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [schema],
    );
    return rows.length;
  };
  const storedRows = async () => {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.request_logs WHERE account_id = $1`,
      [f.user.accountId],
    );
    return rows[0]?.n ?? 0;
  };
  const countedRequests = async () => {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT coalesce(sum(total_requests), 0)::int AS n FROM ${schema}.usage_periods WHERE account_id = $1`,
      [f.user.accountId],
    );
    return rows[0]?.n ?? 0;
  };
  const spillFiles = () => {
    try {
      return readdirSync(join(f.server.dataDir, 'spill'));
    } catch {
      return [];
    }
  };

  test('backends terminated mid-load: the server lives, every request answers, every row lands once', async (t) => {
    const warmUp = await chat('warm up');
    assert.equal(warmUp.status, 200);
    await f.server.app.gateway.logs.flush();
    const rowsBefore = await storedRows();

    // Hold the account's usage row, so a log batch (rows, then usage, in one transaction) is
    // certainly in flight when its connection dies. Plain reads of the row are not blocked.
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM ${schema}.usage_periods WHERE account_id = $1 FOR UPDATE`, [
      f.user.accountId,
    ]);

    const total = 60;
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const res = await chat(`question number ${i}`);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));

    await waitFor('a log batch waiting on the usage row', async () => {
      const { rows } = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'
          AND query LIKE '%usage_periods%'`,
        [schema],
      );
      return rows.length > 0;
    });
    const killedFirst = await terminateServerBackends();
    assert.ok(killedFirst > 0, 'the server had sessions to kill');
    await waitFor('the failed batch to spill to disk', () =>
      spillFiles().some((name) => name.endsWith('.jsonl')),
    );
    await locker.query('COMMIT');

    await waitFor('half the requests answered', () => statuses.length >= total / 2);
    const killedSecond = await terminateServerBackends();
    await load;

    assert.deepEqual(
      statuses.filter((s) => s !== 200),
      [],
      'every request answered 200 while its database sessions were being killed',
    );
    const health = await fetch(`${f.server.url}/healthz`);
    assert.equal(health.status, 200, 'the process is alive');

    const expected = rowsBefore + total;
    await waitFor(`${expected} request_log rows`, async () => {
      await f.server.app.gateway.logs.flush();
      return (await storedRows()) >= expected;
    });
    assert.equal(await storedRows(), expected, 'no row lost, none written twice');
    assert.equal(await countedRequests(), expected, 'usage counted each request once');
    await waitFor('the spill files to be replayed', () =>
      spillFiles().every((name) => !name.endsWith('.jsonl')),
    );
    t.diagnostic(
      `${total} requests, sessions killed ${killedFirst} + ${killedSecond}, non-200 answers 0, ` +
        `rows stored ${expected - rowsBefore}/${total}`,
    );
  });

  const messages = () =>
    fetch(`${f.server.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': f.gatewayKey,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'claude-3-5-haiku-latest',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hello' }],
      }),
    });

  test("database down: 503 in each caller's format with retry-after, then normal service once it is back", async () => {
    await proxy.cut();

    const openai = await chat('while the database is down');
    assert.equal(openai.status, 503);
    assert.equal(openai.headers.get('retry-after'), '1');
    const openaiBody = (await openai.json()) as OpenAiError;
    assert.equal(openaiBody.error.code, 'database_unavailable');
    assert.equal(openaiBody.error.type, 'server_error');
    assert.match(openaiBody.error.message, /database is unavailable/);

    const anthropic = await messages();
    assert.equal(anthropic.status, 503);
    const anthropicBody = (await anthropic.json()) as AnthropicError;
    assert.equal(anthropicBody.type, 'error');
    assert.equal(anthropicBody.error.type, 'overloaded_error');
    assert.match(anthropicBody.error.message, /database is unavailable/);

    const dashboard = await f.user.api('GET', '/v1/keys');
    assert.equal(dashboard.status, 503);
    assert.equal(dashboard.body.error, 'database_unavailable');

    await proxy.restore();
    assert.equal((await chat('the database is back')).status, 200);
    assert.equal((await messages()).status, 200);
    assert.equal((await f.user.api('GET', '/v1/keys')).status, 200);
  });

  test('database black-holed: the request fails with a 503 once the connect timeout passes, no hang', async () => {
    proxy.stall();
    const res = await chat('while the database does not answer');
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as OpenAiError).error.code, 'database_unavailable');
    await proxy.restore();
    assert.equal((await chat('answered again')).status, 200);
  });
});
