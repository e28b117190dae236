import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import {
  proveMailbox,
  signUp,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { useStarted } from '../../testing/use-started.ts';
import { waitFor } from '../../testing/wait-for.ts';
import { upstreamEnv } from './gateway-fixture.ts';

const SUPERADMIN = `root-${Math.random().toString(36).slice(2)}@example.com`;
const WORDS = 'one two three four five six';

/**
 * A platform operator deletes a user, and with them the account they alone owned, while one of
 * that account's answers is still streaming. Its log row then names an account that is gone:
 * before, the row failed its batch's foreign key, and every other account's rows in that batch
 * were spilled and replayed, failing again each time, never reaching the dashboard.
 */
describe('an account deleted while its request is in flight', () => {
  const started = useStarted(
    async () => {
      const mock = await startMockUpstream();
      // The longest timed flush: the rows below meet in one batch, written when the test flushes.
      const env = { ...upstreamEnv(mock), SUPERADMIN_EMAILS: SUPERADMIN, LOG_FLUSH_MS: '5000' };
      const server = await startTestServer({ env });
      return { mock, server };
    },
    async ({ mock, server }) => {
      await server.close();
      await mock.close();
    },
  );

  async function customer(server: TestServer) {
    const user = await signUpSubscribed(server);
    await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'sk-x',
      label: 'm',
    });
    const key = (await user.api('POST', '/v1/keys', { name: 'k' })).body.key as string;
    const openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 });
    return { ...user, openai };
  }
  const question = (content: string) => ({
    model: 'openai/gpt-4o-mini',
    messages: [{ role: 'user' as const, content }],
  });

  test('the other accounts’ rows in the same batch are written; the gone account’s row is not', async () => {
    const { mock, server }: { mock: MockUpstream; server: TestServer } = started;
    const root = await proveMailbox(server, await signUp(server, SUPERADMIN));
    const leaving = await customer(server);
    const staying = await customer(server);

    mock.enqueue({ chunkDelayMs: 100, reply: WORDS });
    const stream = await leaving.openai.chat.completions.create({
      ...question('a streamed question'),
      stream: true,
    });
    const chunks = stream[Symbol.asyncIterator]();
    assert.equal((await chunks.next()).done, false);
    const removed = await root.api('DELETE', `/v1/admin/users/${leaving.userId}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    // The stream ends, whole or cut; either way its row is queued with the others.
    await (async () => {
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
    })().catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      await staying.openai.chat.completions.create(question(`question ${i}`), {
        headers: { 'x-tokenwise-cache': 'bypass' },
      });
    }
    const rows = () =>
      server.deps.db.kysely.selectFrom('request_logs').select('account_id').execute();
    // Usually the four rows meet in one batch at the flush below. On a loaded machine the 5 s
    // timer can write the gone account's row alone first: it is dropped then, and the checks
    // below hold the same way (without the fix, that batch is retried for ever: pending never 0).
    await waitFor('the staying account’s rows queued', async () => {
      return server.app.gateway.logs.pending() + (await rows()).length >= 3;
    });
    await waitFor('the staying account’s three rows written and nothing left queued', async () => {
      await server.app.gateway.logs.flush();
      return (await rows()).length === 3 && server.app.gateway.logs.pending() === 0;
    });
    assert.deepEqual(
      (await rows()).map((r) => r.account_id),
      [staying.accountId, staying.accountId, staying.accountId],
    );
    const usage = await server.deps.db.kysely
      .selectFrom('usage_periods')
      .select('account_id')
      .where('account_id', '=', leaving.accountId)
      .execute();
    assert.deepEqual(usage, []);
    assert.equal(server.app.gateway.logs.pending(), 0, 'the gone account’s row is not retried');
    // Nor was it spilled to disk for a replay that would fail each time.
    const spillDir = join(server.deps.config.dataDir, 'spill');
    const spilled = existsSync(spillDir)
      ? readdirSync(spillDir).filter((f) => readFileSync(join(spillDir, f), 'utf8').trim() !== '')
      : [];
    assert.deepEqual(spilled, []);
  });
});
