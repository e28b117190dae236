import { Writable } from 'node:stream';
import { upstreamEnv } from '../../../apps/server/src/gateway/tests/gateway-fixture.ts';
import { PROVIDER_IDS } from '../../../apps/server/src/gateway/types.ts';
import {
  type MockUpstream,
  startMockUpstream,
} from '../../../apps/server/src/mock-upstream/server.ts';
import {
  type HttpReceiver,
  startHttpReceiver,
} from '../../../apps/server/src/testing/http-receiver.ts';
import {
  apiClient,
  moveToAccount,
  proveMailbox,
  signUp,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../../../apps/server/src/testing/test-server.ts';
import type { Ids } from './valid-inputs.ts';

/** A log line the server wrote at warn or above. */
export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
}

export interface World {
  server: TestServer;
  mock: MockUpstream;
  gatewayKey: string;
  receiver: HttpReceiver;
  ids: Ids;
  owner: string;
  other: string;
  superadmin: string;
  logs: LogLine[];
  close(): Promise<void>;
}

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300)
    throw new Error(`setup: ${what} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** One chat completion through the gateway with `client`'s key; the account's log row ids after. */
async function chatAndLog(
  server: TestServer,
  client: ReturnType<typeof apiClient>,
  accountId: string,
) {
  await ok(
    client('POST', '/v1/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: `logged for ${accountId}` }],
    }),
    'chat',
  );
  await server.app.gateway.logs.flush();
  return server.deps.db.kysely
    .selectFrom('request_logs')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
}

/**
 * The real server (SQLite in a temp dir, mock upstream on loopback), an owner with a gateway key,
 * provider keys, an alert, a logged request and a cache entry; a member; another account with the
 * same; a superadmin. Log lines at warn and above are kept, to find unhandled errors.
 */
export async function startWorld(): Promise<World> {
  const logs: LogLine[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const superEmail = `root-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const receiver = await startHttpReceiver();
  const mock = await startMockUpstream();
  const server = await startTestServer({
    env: {
      ...upstreamEnv(mock),
      UPSTREAM_MAX_RETRIES: '0',
      SUPERADMIN_EMAILS: superEmail,
      WEBHOOK_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'warn',
    },
    logStream,
  });
  const owner = await signUpSubscribed(server);
  const gatewayKey = (await ok(owner.api('POST', '/v1/keys', { name: 'owner key' }), 'owner key'))
    .key;
  for (const provider of PROVIDER_IDS) {
    await ok(
      owner.api('POST', '/v1/provider-keys', {
        provider,
        api_key: `${provider}-secret-key`,
        label: 'main',
      }),
      'provider key',
    );
  }
  const gateway = apiClient(server.url, gatewayKey);
  const webhookUrl = `${receiver.url}/hook`;
  const alert = await ok(
    owner.api('POST', '/v1/alerts', {
      name: 'owner alert',
      alert_type: 'error_rate',
      enabled: true,
      conditions: { threshold: 10, period: '1d' },
      notification_email: true,
      notification_webhook: true,
      webhook_url: webhookUrl,
      throttle_minutes: 5,
    }),
    'owner alert',
  );
  const rows = await chatAndLog(server, gateway, owner.accountId);
  const keys = await ok(owner.api('GET', '/v1/keys'), 'keys');
  const providerKeys = await ok(owner.api('GET', '/v1/provider-keys'), 'provider keys');
  const entries = await ok(owner.api('GET', '/v1/semantic-cache/entries'), 'cache entries');
  const member = await signUp(server);
  await moveToAccount(server, member.userId, owner.accountId, 'member');

  const other = await signUpSubscribed(server);
  const otherKey = await ok(other.api('POST', '/v1/keys', { name: 'theirs' }), 'other key');
  const otherProvider = await ok(
    other.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'sk-theirs-123',
      label: 'theirs',
    }),
    'other provider key',
  );
  const otherAlert = await ok(
    other.api('POST', '/v1/alerts', {
      name: 'their alert',
      alert_type: 'error_rate',
      notification_email: true,
    }),
    'other alert',
  );
  const otherRows = await chatAndLog(server, apiClient(server.url, otherKey.key), other.accountId);

  const root = await proveMailbox(server, await signUp(server, superEmail));
  const ids: Ids = {
    accountId: owner.accountId,
    userId: owner.userId,
    memberUserId: member.userId,
    keyId: keys[0].id,
    providerKeyId: providerKeys[0].id,
    alertId: alert.id,
    requestId: String(rows[0]?.id),
    cacheEntryId: entries.entries[0]?.id ?? 'none',
    webhookUrl,
    other: {
      accountId: other.accountId,
      userId: other.userId,
      keyId: otherKey.id,
      providerKeyId: otherProvider.id,
      alertId: otherAlert.id,
      requestId: String(otherRows[0]?.id),
    },
  };
  return {
    server,
    mock,
    gatewayKey,
    receiver,
    ids,
    logs,
    owner: owner.token,
    other: other.token,
    superadmin: root.token,
    async close() {
      await server.close();
      await mock.close();
      await receiver.close();
    },
  };
}
