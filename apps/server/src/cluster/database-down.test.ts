import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { REDIS_PORT } from '../testing/redis-available.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { waitFor } from '../testing/wait-for.ts';
import { clusterUnavailable, deleteRedisKeys } from './two-instances.ts';

const databaseUrl = process.env.DATABASE_URL ?? '';

describe('PostgreSQL down under a scaled-out instance (Redis up)', {
  skip: clusterUnavailable,
}, () => {
  let proxy: TcpProxy;
  let f: GatewayFixture;
  let now = Date.now();
  const redisPrefix = `tw-test:${randomUUID()}:`;
  before(async () => {
    proxy = await startTcpProxy(Number(new URL(databaseUrl).port || 5432));
    const viaProxy = new URL(databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    f = await startGatewayFixture(
      {
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        REDIS_KEY_PREFIX: redisPrefix,
      },
      () => now,
      viaProxy.toString(),
    );
  });
  after(async () => {
    await proxy.restore();
    await f?.close();
    await proxy.close();
    await deleteRedisKeys(redisPrefix);
  });

  const chat = (key: string, content: string) =>
    fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        // The provider must answer: a cache hit would prove nothing about the outage.
        'x-tokenwise-cache': 'bypass',
      },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] }),
    });
  const spilled = () => {
    try {
      return readdirSync(join(f.server.dataDir, 'spill')).filter((n) => n.endsWith('.jsonl'));
    } catch {
      return [];
    }
  };

  test('a known key keeps working with its log spilled; an unknown key gets 503, never 200', async () => {
    assert.equal((await chat(f.gatewayKey, 'before the outage')).status, 200);
    await f.server.app.gateway.logs.flush();
    const rowsBefore = (await f.logs()).length;

    await proxy.cut();
    // Past every memo of what the database said about the account.
    now += 60_000;
    const known = await chat(f.gatewayKey, 'during the outage');
    assert.equal(known.status, 200);
    assert.match(await known.text(), /during the outage/);
    const unknown = await chat('tw_never_issued_key_0000000000000000', 'who am I');
    assert.equal(unknown.status, 503);
    await f.server.app.gateway.logs.flush().catch(() => undefined);
    await waitFor('the log row to spill to disk', () => spilled().length > 0);

    await proxy.restore();
    // Past the writer's pause after a failed write (it counts on the server's clock).
    now += 60_000;
    await waitFor('the spilled row to reach the database', async () => {
      await f.server.app.gateway.logs.flush().catch(() => undefined);
      return (await f.logs().catch(() => [])).length === rowsBefore + 1;
    });
  });
});
