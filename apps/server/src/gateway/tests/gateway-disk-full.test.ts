import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectDatabase, migrateToLatest } from '@tokenwise/db';
import OpenAI from 'openai';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import {
  apiClient,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { mountTinyDisk, type TinyDisk } from '../../testing/tiny-disk.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { upstreamEnv } from './gateway-fixture.ts';

const onSqlite = !process.env.DATABASE_URL?.startsWith('postgres');
const disk = onSqlite ? mountTinyDisk(24) : undefined;

/**
 * The data dir's disk fills up under traffic: SQLite refuses the log batch (SQLITE_FULL) and the
 * spill file cannot be written either. Before, the spill's ENOSPC escaped the log flush and
 * killed the process: every stream in flight cut, the gateway down until restarted.
 */
describe('the data dir’s disk fills up while the gateway serves', {
  skip: !onSqlite
    ? 'SQLite only (the file is on the full disk)'
    : !disk && 'needs a tmpfs mount (root)',
}, () => {
  let mock: MockUpstream;
  let server: TestServer;
  let tiny: TinyDisk;
  let openai: OpenAI;
  let accountId: string;
  let api: Awaited<ReturnType<typeof signUpSubscribed>>['api'];
  const failures: string[] = [];

  before(async () => {
    tiny = disk as TinyDisk;
    const dataDir = join(tiny.dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const databaseUrl = `sqlite://${join(dataDir, 'tokenwise.db')}`;
    const db = await connectDatabase(databaseUrl);
    await migrateToLatest(db);
    mock = await startMockUpstream();
    server = await startTestServer({
      db: { ...db, url: databaseUrl },
      env: { ...upstreamEnv(mock), DATA_DIR: dataDir, LOG_FLUSH_MS: '100', LOG_LEVEL: 'error' },
      logStream: {
        write(line: string) {
          if (/request log write failed/.test(line)) failures.push(line);
        },
      },
    });
    const user = await signUpSubscribed(server);
    accountId = user.accountId;
    api = user.api;
    await api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'sk-disk', label: 'm' });
    const key = (await api('POST', '/v1/keys', { name: 'disk' })).body.key as string;
    openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 });
  });
  after(async () => {
    tiny?.free();
    await server?.close();
    await mock?.close();
    tiny?.unmount();
  });

  const ask = async (i: number, stream: boolean) => {
    const messages = [{ role: 'user' as const, content: `question ${i}` }];
    const headers = { 'x-tokenwise-cache': 'bypass' };
    if (!stream) {
      const answer = await openai.chat.completions.create(
        { model: 'openai/gpt-4o-mini', messages },
        { headers },
      );
      return answer.choices[0]?.message.content ?? '';
    }
    const chunks = await openai.chat.completions.create(
      { model: 'openai/gpt-4o-mini', messages, stream: true },
      { headers },
    );
    let text = '';
    for await (const chunk of chunks) text += chunk.choices[0]?.delta.content ?? '';
    return text;
  };
  const loggedRows = async () =>
    (
      await server.deps.db.kysely
        .selectFrom('request_logs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n;

  test('answers keep coming, dashboard writes are 503s, and every row lands once there is room', async () => {
    tiny.fill();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i, i % 2 === 0)));
    assert.equal(answers.filter((a) => a.length > 0).length, 20, 'all 20 answered');
    await waitFor('a log batch refused for lack of room', () => failures.length > 0);
    // More answers after the refused batch: the process is still serving.
    assert.ok((await ask(20, true)).length > 0);
    // A plain write, and writes in a transaction SQLite ends by itself on SQLITE_FULL (Kysely's
    // ROLLBACK then failed and its error, a 500, hid the real one).
    const writes = [
      await api('PUT', '/v1/settings', { optimization_level: 'aggressive' }),
      await apiClient(server.url)('POST', '/v1/auth/signup', {
        email: 'while-full@example.com',
        password: 'correct-horse-1',
      }),
      await api('POST', `/v1/accounts/${accountId}/members`, {
        email: 'invited-while-full@example.com',
        role: 'member',
      }),
    ];
    for (const write of writes) {
      assert.equal(write.status, 503, JSON.stringify(write.body));
      assert.match(write.body.message, /try again/i);
    }

    tiny.free();
    await waitFor('all 21 rows written once there is room', async () => {
      await server.app.gateway.logs.flush();
      return Number(await loggedRows()) === 21;
    });
    const ids = await server.deps.db.kysely
      .selectFrom('request_logs')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    assert.equal(new Set(ids.map((r) => r.id)).size, 21, 'no row written twice');
  });
});
