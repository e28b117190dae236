import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { type MockUpstream, startMockUpstream } from '../../mock-upstream/server.ts';
import { signUpSubscribed, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { PROVIDER_IDS } from '../types.ts';

export interface GatewayFixture {
  server: TestServer;
  mock: MockUpstream;
  user: Awaited<ReturnType<typeof signUpSubscribed>>;
  gatewayKey: string;
  openai: OpenAI;
  anthropic: Anthropic;
  /** Waits for the write-behind queue, then returns the account's log rows, newest first. */
  logs(): Promise<Awaited<ReturnType<typeof readLogs>>>;
  close(): Promise<void>;
}

async function readLogs(server: TestServer, accountId: string) {
  await server.app.gateway.logs.flush();
  return server.deps.db.kysely
    .selectFrom('request_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * A chat completion the fixture's caller posts to `${f.server.url}/v1/chat/completions`, past the
 * semantic cache, for the tests that read the raw HTTP answer rather than an SDK's.
 */
export function uncachedChat(f: Pick<GatewayFixture, 'gatewayKey'>, body: Record<string, unknown>) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${f.gatewayKey}`,
      'x-tokenwise-cache': 'bypass',
    },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', ...body }),
  };
}

/** Config that points every provider at the mock upstream. */
export function upstreamEnv(mock: MockUpstream): Record<string, string> {
  return {
    OPENAI_BASE_URL: mock.baseUrls.openai,
    ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
    GEMINI_BASE_URL: mock.baseUrls.gemini,
    MISTRAL_BASE_URL: mock.baseUrls.mistral,
    GROQ_BASE_URL: mock.baseUrls.groq,
  };
}

/**
 * The real server pointed at the mock upstream on loopback, one subscribed account with a gateway
 * key and a stored key for every provider, and both official SDKs aimed at the gateway.
 */
export async function startGatewayFixture(
  env: Record<string, string> = {},
  clock?: () => number,
  databaseUrl?: string,
): Promise<GatewayFixture> {
  const mock = await startMockUpstream();
  const server = await startTestServer({
    env: {
      ...upstreamEnv(mock),
      UPSTREAM_MAX_RETRIES: '2',
      ...env,
    },
    ...(clock ? { clock } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const user = await signUpSubscribed(server);
  const created = await user.api('POST', '/v1/keys', { name: 'test key' });
  if (created.status !== 201) throw new Error(`key create failed ${created.status}`);
  for (const provider of PROVIDER_IDS) {
    const res = await user.api('POST', '/v1/provider-keys', {
      provider,
      api_key: `${provider}-secret-key`,
      label: 'main',
    });
    if (res.status !== 201) throw new Error(`provider key failed ${res.status}`);
  }
  const gatewayKey = created.body.key as string;
  return {
    server,
    mock,
    user,
    gatewayKey,
    openai: new OpenAI({ apiKey: gatewayKey, baseURL: `${server.url}/v1`, maxRetries: 0 }),
    anthropic: new Anthropic({ apiKey: gatewayKey, baseURL: server.url, maxRetries: 0 }),
    logs: () => readLogs(server, user.accountId),
    async close() {
      await server.close();
      await mock.close();
    },
  };
}
