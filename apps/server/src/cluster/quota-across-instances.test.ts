import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import OpenAI from 'openai';
import { estimatePromptTokens } from '../gateway/accounts/quota-estimate.ts';
import { HOLD_LEASE_MS } from '../gateway/accounts/quota-reservations.ts';
import {
  type GatewayFixture,
  startGatewayFixture,
  uncachedChat,
} from '../gateway/tests/gateway-fixture.ts';
import { useGatewayWithCuttableRedis } from '../testing/cuttable-redis.ts';
import { REDIS_PORT, redisListening } from '../testing/redis-available.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import type { TestServer } from '../testing/test-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import { clusterUnavailable, startTwoInstances, type TwoInstances } from './two-instances.ts';

const PARALLEL = 12;
const redisUp = await redisListening();
const FITS = 3;

const PROMPT = 'How many optimized requests fit in this quota?';

/**
 * Sends PARALLEL requests at once over `servers` in turn, on a quota with room for FITS of them,
 * and checks that exactly FITS were optimized and the rest passed through (spec: over the quota,
 * requests pass through unoptimized), with the recorded usage within the quota.
 */
async function raceTheQuota(f: GatewayFixture, servers: TestServer[], fits = FITS, latencyMs = 0) {
  const each = estimatePromptTokens([{ role: 'user', content: PROMPT }]);
  // The provider charges what was held, so no hold is refunded mid-race and the count is exact.
  f.mock.setDefault({ usage: { input: each, output: 5 }, latencyMs });
  const quota = each * FITS + Math.floor(each / 2);
  await f.server.deps.db.kysely
    .updateTable('subscriptions')
    .set({ monthly_token_quota: quota })
    .where('account_id', '=', f.user.accountId)
    .execute();
  for (const s of servers) s.app.gateway.accounts.invalidate(f.user.accountId);

  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      new OpenAI({
        apiKey: f.gatewayKey,
        baseURL: `${servers[i % servers.length]?.url}/v1`,
        maxRetries: 0,
      }).chat.completions.create(
        { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] },
        // The same prompt every time: only the quota, not the cache, may decide.
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      ),
    ),
  );
  assert.equal(answers.length, PARALLEL, 'every request is answered');

  for (const s of servers) await s.app.gateway.logs.flush();
  const rows = await f.logs();
  assert.equal(rows.length, PARALLEL);
  assert.equal(rows.filter((r) => r.is_passthrough === 0).length, fits, 'optimized requests');
  const usage = await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`);
  assert.ok(
    usage.body.total_optimized_tokens <= quota,
    `recorded ${usage.body.total_optimized_tokens} optimized tokens, over the quota of ${quota}`,
  );
  assert.equal(usage.body.optimized_requests, fits);
  assert.equal(usage.body.passthrough_requests, PARALLEL - fits);
}

describe('the monthly quota across two instances (Redis) whose clocks disagree', {
  skip: clusterUnavailable,
}, () => {
  let c: TwoInstances;
  before(async () => {
    // A's clock runs past the length of a hold's lease ahead of B's (a host without NTP): holds
    // must lapse by one clock, not by each instance's own.
    c = await startTwoInstances({}, { clockOfA: () => Date.now() + HOLD_LEASE_MS + 5_000 });
    // Signed up on A, the period would start in B's future: B would count in the period before.
    await c.a.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ current_period_start: Date.now() - 24 * 60 * 60_000 })
      .where('account_id', '=', c.a.user.accountId)
      .execute();
  });
  after(() => c?.close());

  test(`${PARALLEL} parallel requests split over both instances, room for ${FITS}: exactly ${FITS} optimized`, () =>
    // Calls that take a while: every hold is still live while the others ask.
    raceTheQuota(c.a, [c.a.server, c.b], FITS, 300));

  test('requests carrying tool definitions, which the provider counts as prompt tokens, stay within the quota', async () => {
    const messages = [{ role: 'user' as const, content: 'Which tool would you call?' }];
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'look_up_order',
          description: 'Finds an order by its number and tells its state. '.repeat(60),
          parameters: { type: 'object', properties: { number: { type: 'string' } } },
        },
      },
    ];
    // What a provider that reads the definitions charges: no tokenizer yields more than the bytes.
    const charged = estimatePromptTokens(messages) + Buffer.byteLength(JSON.stringify(tools));
    c.a.mock.setDefault({ usage: { input: charged, output: 5 } });
    const quota = charged * FITS + Math.floor(charged / 2);
    await c.a.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ monthly_token_quota: quota })
      .where('account_id', '=', c.a.user.accountId)
      .execute();
    const started = await c.a.user.api('GET', `/v1/admin/usage/${c.a.user.accountId}`);
    for (const s of [c.a.server, c.b]) s.app.gateway.accounts.invalidate(c.a.user.accountId);

    await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        c
          .client(i % 2 ? c.a.server : c.b)
          .chat.completions.create(
            { model: 'openai/gpt-4o-mini', messages, tools },
            { headers: { 'x-tokenwise-cache': 'bypass' } },
          ),
      ),
    );
    for (const s of [c.a.server, c.b]) await s.app.gateway.logs.flush();
    const usage = await c.a.user.api('GET', `/v1/admin/usage/${c.a.user.accountId}`);
    const optimized = usage.body.optimized_requests - started.body.optimized_requests;
    assert.ok(optimized > 0, 'some requests are optimized');
    assert.ok(
      usage.body.total_optimized_tokens <= quota,
      `${optimized} optimized requests recorded ${usage.body.total_optimized_tokens} tokens, over the quota of ${quota}`,
    );
  });
});

describe('the monthly quota on one instance without Redis', () => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture();
  });
  after(() => f?.close());

  test(`${PARALLEL} parallel requests, room for ${FITS}: exactly ${FITS} optimized`, () =>
    raceTheQuota(f, [f.server]));
});

describe('the monthly quota while Redis is down', {
  skip: !redisUp && `needs Redis at 127.0.0.1:${REDIS_PORT}`,
}, () => {
  const r = useGatewayWithCuttableRedis({ DEGRADED_LIMIT_SHARE: '0.5' });

  test(`requests keep flowing; this instance optimizes only its share (half of room for ${FITS}: 1)`, async () => {
    await r.proxy.cut();
    await waitFor('the server to notice', () => !r.f.server.deps.bus.listening());
    await raceTheQuota(r.f, [r.f.server], Math.floor(FITS / 2));
  });
});

describe('the quota held by a request whose instance died', { skip: clusterUnavailable }, () => {
  let c: TwoInstances;
  let proxy: TcpProxy;
  before(async () => {
    proxy = await startTcpProxy(REDIS_PORT);
    c = await startTwoInstances(
      { UPSTREAM_MAX_RETRIES: '0' },
      { envOfB: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } },
    );
  });
  after(async () => {
    await proxy.restore();
    await c?.close();
    await proxy.close();
  });

  test('comes back to the account once the hold lapses', async () => {
    const each = estimatePromptTokens([{ role: 'user', content: PROMPT }]);
    await c.a.server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ monthly_token_quota: each + Math.floor(each / 2) })
      .where('account_id', '=', c.a.user.accountId)
      .execute();
    const ask = (server: TestServer) =>
      fetch(
        `${server.url}/v1/chat/completions`,
        uncachedChat(c.a, { messages: [{ role: 'user', content: PROMPT }] }),
      );
    const optimized = async (res: Response) => {
      await c.a.server.app.gateway.logs.flush();
      const id = res.headers.get('x-request-id');
      const row = (await c.a.logs()).find((r) => r.id === id);
      return row?.is_passthrough === 0;
    };

    // B holds the whole quota for a call that will fail, and loses Redis before it can give it back.
    c.a.mock.enqueue({ status: 500, latencyMs: 1_000 });
    const calls = c.a.mock.callCount();
    const onB = fetch(
      `${c.b.url}/v1/chat/completions`,
      uncachedChat(c.a, { messages: [{ role: 'user', content: PROMPT }] }),
    );
    await waitFor('B to call the provider, its hold taken', () => c.a.mock.callCount() > calls);
    await proxy.cut();
    assert.equal((await onB).status, 500, 'the provider’s error, passed on');
    await c.b.app.gateway.logs.flush();
    await c.b.close();

    assert.equal(await optimized(await ask(c.a.server)), false, 'the hold still counts');
    await lapseHolds(c.redisPrefix);
    assert.equal(await optimized(await ask(c.a.server)), true, 'the lapsed hold no longer counts');
  });
});

/** Every hold under `prefix` as if its lease had run out (leases lapse by Redis's clock). */
async function lapseHolds(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_PORT, '127.0.0.1');
  try {
    for (const key of await redis.keys(`${prefix}quota:*:holds`)) {
      const leases = await redis.zrange(key, 0, -1);
      for (const lease of leases) await redis.zadd(key, 'XX', 0, lease);
    }
  } finally {
    redis.disconnect();
  }
}
