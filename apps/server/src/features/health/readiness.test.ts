import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { REDIS_PORT, redisListening } from '../../testing/redis-available.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { waitFor } from '../../testing/wait-for.ts';
import type { Readiness } from './readiness.ts';

const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUp = await redisListening();

async function readyz(server: TestServer) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

describe('GET /readyz', () => {
  test('database reachable and migrated, no Redis configured: ready', async () => {
    const server = await startTestServer();
    try {
      assert.deepEqual(await readyz(server), {
        status: 200,
        body: { status: 'ready', database: 'up', redis: 'not_configured', pending_migrations: [] },
      });
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    } finally {
      await server.close();
    }
  });

  test('a migration the database lacks: unavailable, naming it', async () => {
    const server = await startTestServer();
    try {
      const newest = await server.deps.db.kysely
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .orderBy('name' as never, 'desc')
        .executeTakeFirstOrThrow();
      const name = (newest as { name: string }).name;
      await server.deps.db.kysely
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', name as never)
        .execute();
      const { status, body } = await readyz(server);
      assert.equal(status, 503);
      assert.equal(body.status, 'unavailable');
      assert.deepEqual(body.pending_migrations, [name]);
    } finally {
      await server.close();
    }
  });
});

describe('GET /readyz while Redis comes and goes', {
  skip: !redisUp && `needs Redis at 127.0.0.1:${REDIS_PORT}`,
}, () => {
  let proxy: TcpProxy;
  let server: TestServer;
  before(async () => {
    proxy = await startTcpProxy(REDIS_PORT);
    server = await startTestServer({
      env: {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        REDIS_KEY_PREFIX: `tw-test:${Date.now()}-${Math.random()}:`,
      },
    });
  });
  after(async () => {
    await proxy.restore();
    await server.close();
    await proxy.close();
  });

  test('Redis down: degraded but still 200 (requests keep flowing); back: ready on its own', async () => {
    await waitFor('ready with Redis', async () => (await readyz(server)).body.status === 'ready');
    await proxy.cut();
    const down = await waitFor('degraded', async () => {
      const r = await readyz(server);
      return r.body.status === 'degraded' && r;
    });
    assert.equal(down.status, 200);
    assert.equal(down.body.redis, 'down');
    assert.equal(down.body.database, 'up');
    await proxy.restore();
    await waitFor('ready again', async () => (await readyz(server)).body.status === 'ready');
  });
});

describe('GET /readyz while PostgreSQL is down', {
  skip: !databaseUrl.startsWith('postgres') && 'needs DATABASE_URL=postgres://…',
}, () => {
  test('503 naming the database; ready again once it is back', async () => {
    const proxy = await startTcpProxy(Number(new URL(databaseUrl).port || 5432));
    const viaProxy = new URL(databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const server = await startTestServer({ databaseUrl: viaProxy.toString() });
    try {
      await proxy.cut();
      const { status, body } = await readyz(server);
      assert.equal(status, 503);
      assert.equal(body.status, 'unavailable');
      assert.equal(body.database, 'down');
      await proxy.restore();
      await waitFor('ready again', async () => (await readyz(server)).status === 200);
    } finally {
      await proxy.restore();
      await server.close();
      await proxy.close();
    }
  });
});
