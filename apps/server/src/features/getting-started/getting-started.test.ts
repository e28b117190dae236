import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import OpenAI from 'openai';
import { purgeExpiredRows } from '../../domain/log-retention.ts';
import { startGatewayFixture, upstreamEnv } from '../../gateway/tests/gateway-fixture.ts';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import {
  apiClient,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

describe('getting started checklist (/v1/getting-started)', () => {
  let mock: MockUpstream;
  let server: TestServer;
  before(async () => {
    mock = await startMockUpstream();
    server = await startTestServer({ env: upstreamEnv(mock) });
  });
  after(async () => {
    await server.close();
    await mock.close();
  });

  test('ticks off each step from what the account really did, and only for that account', async () => {
    const user = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const status = async (u = user) => (await u.api('GET', '/v1/getting-started')).body;
    assert.deepEqual(await status(), {
      gateway_key: false,
      provider_key: false,
      provider_key_from_server: false,
      first_request: false,
      done: false,
    });

    const key = await user.api('POST', '/v1/keys', { name: 'first key' });
    assert.equal(key.status, 201);
    assert.equal((await status()).gateway_key, true);

    const provider = await user.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'sk-test-provider-key',
    });
    assert.equal(provider.status, 201);
    assert.equal((await status()).provider_key, true);
    assert.equal((await status()).first_request, false);

    const openai = new OpenAI({ apiKey: key.body.key, baseURL: `${server.url}/v1`, maxRetries: 0 });
    await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello to the new gateway.' }],
    });
    await server.app.gateway.logs.flush();
    assert.deepEqual(await status(), {
      gateway_key: true,
      provider_key: true,
      provider_key_from_server: false,
      first_request: true,
      done: true,
    });

    // Nothing the first account did counts for the second.
    assert.equal((await status(other)).done, false);
    assert.equal((await status(other)).gateway_key, false);
  });

  test('a provider key on the server counts as the provider step', async () => {
    const withKey = await startTestServer({ env: { ...upstreamEnv(mock), GROQ_API_KEY: 'gsk-x' } });
    try {
      const user = await signUpSubscribed(withKey);
      const body = (await user.api('GET', '/v1/getting-started')).body;
      assert.equal(body.provider_key, true);
      assert.equal(body.provider_key_from_server, true);
      assert.equal(body.done, false);
    } finally {
      await withKey.close();
    }
  });

  test('an account whose first requests are past log retention is still past its first request', async () => {
    // LOG_RETENTION_DAYS (30) deletes request-log rows, never the analytics rollups: a quiet
    // month must not put the "Send a first request" checklist back on an established dashboard.
    let now = Date.UTC(2026, 9, 1, 12);
    const f = await startGatewayFixture({}, () => now);
    try {
      await f.openai.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'An early question.' }],
      });
      await f.server.app.gateway.logs.flush();
      assert.equal((await f.user.api('GET', '/v1/getting-started')).body.done, true);
      now += 40 * 24 * 3_600_000;
      const purged = await purgeExpiredRows(f.server.deps);
      assert.ok(purged.requestLogs >= 1, 'the row is past retention and gone');
      // The session has expired meanwhile: sign in again, as the owner would.
      const login = await apiClient(f.server.url).expectOk(endpoints.auth.login, {
        body: { email: f.user.email, password: f.user.password },
      });
      const res = await apiClient(f.server.url, login.token)('GET', '/v1/getting-started');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = res.body;
      assert.equal(after.first_request, true);
      assert.equal(after.done, true);
    } finally {
      await f.close();
    }
  });

  test('needs a session', async () => {
    const res = await fetch(`${server.url}/v1/getting-started`);
    assert.equal(res.status, 401);
  });
});
