import { randomBytes } from 'node:crypto';
import type { Role } from '@tokenwise/db';
import type { DestinationStream } from 'pino';
import { upstreamEnv } from '../gateway/tests/gateway-fixture.ts';
import { PROVIDER_IDS, type ProviderId } from '../gateway/types.ts';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server.ts';
import {
  apiClient,
  moveToAccount,
  signUp,
  signUpSubscribed,
  startTestServer,
  type TestServer,
} from '../testing/test-server.ts';

export const CHAT_MODEL = 'openai/gpt-4o-mini';

type Api = ReturnType<typeof apiClient>;

/** One account with data in every feature that has ids, made through the real API and gateway. */
export interface Tenant {
  tag: string;
  email: string;
  password: string;
  userId: string;
  accountId: string;
  /** Session token. */
  token: string;
  /** Dashboard calls with this tenant's session. */
  api: Api;
  /** Gateway calls with this tenant's gateway key. */
  gateway: Api;
  gatewayKey: string;
  apiKeyId: string;
  providerKeyIds: string[];
  providerKeyLabel: string;
  /** The key stored for each provider, as sent to it. */
  providerSecrets: Record<ProviderId, string>;
  /** A successful chat request (logged, cached, voted on). */
  requestId: string;
  /** A word found only in this tenant's prompt. */
  topic: string;
  prompt: string;
  /** What the provider answered this tenant only; the cache holds it. */
  reply: string;
  cacheEntryId: string;
  /** An alert with its signing secret (never answered again after creation). */
  alertId: string;
  /** Strings that belong to this tenant alone: none may reach anyone else. */
  markers: string[];
}

export interface TwoTenants {
  server: TestServer;
  mock: MockUpstream;
  a: Tenant;
  b: Tenant;
  /** Flushes write-behind state (log rows, last-used marks, cache hits) so reads see it all. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on the mock upstream, with two subscribed accounts, each holding a gateway key,
 * a key for every provider, settings of its own, a logged and cached chat request and a vote on it.
 */
export async function startTwoTenants(
  opts: { logStream?: DestinationStream; env?: Record<string, string>; clock?: () => number } = {},
): Promise<TwoTenants> {
  const mock = await startMockUpstream();
  const server = await startTestServer({
    env: { ...upstreamEnv(mock), ...opts.env },
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  const settle = async () => {
    const g = server.app.gateway;
    await g.logs.flush();
    await g.apiKeys.flushLastUsed();
    await g.providerKeys.flushLastUsed();
    await g.cache.flushHits();
  };
  const b = await seedTenant(server, mock, 'tenantB', settle);
  const a = await seedTenant(server, mock, 'tenantA', settle);
  await settle();
  return {
    server,
    mock,
    a,
    b,
    settle,
    async close() {
      await server.close();
      await mock.close();
    },
  };
}

/** A new user in `tenant`'s account with `role`, signed in; its own password changes hurt no one. */
export async function addMember(server: TestServer, tenant: Tenant, role: Role) {
  const user = await signUp(server, `${unique(tenant.tag, role)}@example.com`);
  await moveToAccount(server, user.userId, tenant.accountId, role);
  return user;
}

/**
 * Settings of each tenant's own in every settings feature, so a write from elsewhere would show.
 * Baseline sampling stays off: sampled requests skip the cache, which the suites rely on.
 */
function settingsOf(tag: string): Record<string, unknown> {
  const b = tag.endsWith('B');
  return {
    '/v1/settings': { optimization_level: b ? 'aggressive' : 'conservative' },
    '/v1/pii-redaction/config': {
      enabled: b,
      redact_emails: b,
      redact_phones: false,
      redact_ssn: b,
    },
    '/v1/routing/config': {
      enabled: false,
      difficulty_threshold_simple: b ? 77 : 90,
      difficulty_threshold_complex: b ? 777 : 900,
    },
    '/v1/baseline/config': { sample_rate: 0 },
    '/v1/semantic-cache/config': {
      enabled: true,
      similarity_threshold: b ? 0.93 : 0.95,
      ttl_seconds: b ? 7_200 : 3_600,
    },
  };
}

/** Puts back the tenant's own settings, e.g. after probes changed them. */
export async function applyOwnSettings(tenant: Pick<Tenant, 'tag' | 'api'>): Promise<void> {
  for (const [path, body] of Object.entries(settingsOf(tenant.tag))) {
    await must(path, tenant.api('PUT', path, body));
  }
}

function unique(tag: string, what: string): string {
  return `${tag}-${what}-${randomBytes(6).toString('hex')}`;
}

async function must<T>(what: string, res: Promise<{ status: number; body: T }>, status = 200) {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function seedTenant(
  server: TestServer,
  mock: MockUpstream,
  tag: string,
  settle: () => Promise<void>,
): Promise<Tenant> {
  const user = await signUpSubscribed(
    server,
    `${unique(tag, 'user')}@example.com`,
    unique(`canary-PASSWORD-${tag}`, 'pw'),
  );
  const key = await must(
    'create gateway key',
    user.api('POST', '/v1/keys', { name: unique(tag, 'keyname') }),
    201,
  );
  const providerKeyLabel = unique(tag, 'label');
  const providerSecrets = {} as Record<ProviderId, string>;
  const providerKeyIds: string[] = [];
  for (const provider of PROVIDER_IDS) {
    const secret = unique(`sk-canary-PROVKEY-${tag}`, provider);
    const created = await must(
      'add provider key',
      user.api('POST', '/v1/provider-keys', { provider, api_key: secret, label: providerKeyLabel }),
      201,
    );
    providerSecrets[provider] = secret;
    providerKeyIds.push(created.id);
  }
  await applyOwnSettings({ tag, api: user.api });

  const gateway = apiClient(server.url, key.key);
  const topic = unique(tag, 'topic');
  const prompt = `Please summarise the ${topic} memo`;
  const reply = unique(tag, 'private-answer');
  mock.enqueue({ reply }, 'openai');
  const chat = await gateway('POST', '/v1/chat/completions', {
    model: CHAT_MODEL,
    messages: [{ role: 'user', content: prompt }],
  });
  if (chat.status !== 200) throw new Error(`chat: ${chat.status} ${JSON.stringify(chat.body)}`);
  const requestId = chat.headers.get('x-request-id') ?? '';
  await settle();
  const comment = unique(tag, 'comment');
  await must(
    'vote',
    user.api('POST', '/v1/evals/feedback', {
      request_id: requestId,
      feedback: 'positive',
      comment,
    }),
  );
  const entries = await must('cache entries', user.api('GET', '/v1/semantic-cache/entries'));
  const cacheEntryId = entries.entries[0]?.id as string | undefined;
  if (!cacheEntryId) throw new Error('the chat request left no cache entry');

  const alertName = unique(tag, 'alert');
  const alert = await must(
    'create alert',
    user.api('POST', '/v1/alerts', {
      name: alertName,
      alert_type: 'budget_limit',
      conditions: { threshold: 1_000, period: '1d' },
      notification_email: true,
      notification_webhook: true,
      webhook_url: `https://${unique(tag, 'hook')}.example.com/alerts`,
    }),
    201,
  );
  // The fixture's alert notifies by email only, so a probe's test notification sends no webhook.
  await must(
    'email-only alert',
    user.api('PUT', `/v1/alerts/${alert.id}`, {
      name: alertName,
      alert_type: 'budget_limit',
      conditions: { threshold: 1_000, period: '1d' },
      notification_email: true,
      notification_webhook: false,
      webhook_url: alert.webhook_url,
    }),
  );

  return {
    tag,
    email: user.email,
    password: user.password,
    userId: user.userId,
    accountId: user.accountId,
    token: user.token,
    api: user.api,
    gateway,
    gatewayKey: key.key,
    apiKeyId: key.id,
    providerKeyIds,
    providerKeyLabel,
    providerSecrets,
    requestId,
    topic,
    prompt,
    reply,
    cacheEntryId,
    alertId: alert.id,
    markers: [
      user.token,
      user.password,
      user.email,
      user.userId,
      user.accountId,
      key.key,
      key.key.slice(0, 12),
      key.id,
      key.name,
      providerKeyLabel,
      ...Object.values(providerSecrets),
      ...providerKeyIds,
      requestId,
      topic,
      reply,
      comment,
      cacheEntryId,
      alert.id,
      alertName,
      alert.webhook_url,
      alert.webhook_secret,
    ],
  };
}
