import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@tokenwise/db';
import { Redis } from 'ioredis';
import OpenAI from 'openai';
import {
  type GatewayFixture,
  startGatewayFixture,
  upstreamEnv,
} from '../gateway/tests/gateway-fixture.ts';
import { REDIS_PORT, redisListening } from '../testing/redis-available.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? '';

/** Why scale-out tests cannot run here, or false when they can (PostgreSQL and Redis at hand). */
export const clusterUnavailable: string | false = !DATABASE_URL.startsWith('postgres')
  ? 'needs DATABASE_URL=postgres://… (instances share one database)'
  : !(await redisListening())
    ? `needs Redis at 127.0.0.1:${REDIS_PORT}`
    : false;

export interface TwoInstances {
  /** Instance A with the mock upstream, a subscribed account and its gateway key. */
  a: GatewayFixture;
  /** Instance B: another app on the same database schema and Redis, its own port and memory. */
  b: TestServer;
  /** This run's Redis key prefix: nothing else on the shared Redis sees these keys. */
  redisPrefix: string;
  /** An OpenAI client on `server` with the gateway key `key` (A's by default). */
  client(server: TestServer, key?: string): OpenAI;
  close(): Promise<void>;
}

/**
 * Two real instances in one process, each with its own HTTP port, pools and caches, sharing one
 * PostgreSQL schema and one Redis (under a key prefix of this run's own), as behind a load balancer.
 * `env` is both instances' config; `envOfB` adds B's own (a Redis relay only B goes through);
 * `databaseUrlOfB` is how B reaches the same database (a relay); `clockOfA` is A's clock.
 */
export async function startTwoInstances(
  env: Record<string, string> = {},
  {
    envOfB = {},
    databaseUrlOfB = DATABASE_URL,
    clockOfA,
  }: { envOfB?: Record<string, string>; databaseUrlOfB?: string; clockOfA?: () => number } = {},
): Promise<TwoInstances> {
  const redisPrefix = `tw-test:${randomUUID()}:`;
  const shared = {
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    REDIS_KEY_PREFIX: redisPrefix,
    ...env,
  };
  const a = await startGatewayFixture(shared, clockOfA);
  const db = await connectDatabase(databaseUrlOfB, {
    ...(a.server.deps.db.schema ? { schema: a.server.deps.db.schema } : {}),
    poolSize: 4,
  });
  const b = await startTestServer({
    env: { ...upstreamEnv(a.mock), ...shared, ...envOfB },
    db: { ...db, url: DATABASE_URL },
  });
  return {
    a,
    b,
    redisPrefix,
    client: (server, key = a.gatewayKey) =>
      new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 }),
    async close() {
      // B first: A's close drops the schema B is using.
      await b.close();
      await a.close();
      await deleteRedisKeys(redisPrefix);
    },
  };
}

/**
 * A gateway key made on A, and `askOnB`: a chat request with it on B, answering the HTTP status
 * (200, or the refusal's).
 */
export async function keyMadeOnA(c: TwoInstances, name: string) {
  const created = await c.a.user.api('POST', '/v1/keys', { name });
  if (created.status !== 201) throw new Error(`key create failed ${created.status}`);
  const onB = c.client(c.b, created.body.key);
  const askOnB = () =>
    onB.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => 200,
        (err: unknown) => {
          if (err instanceof OpenAI.APIError && err.status !== undefined) return err.status;
          throw err;
        },
      );
  return { id: created.body.id as string, askOnB };
}

/** Removes a test run's keys from the shared Redis (quota counts would live to the period's end). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_PORT, '127.0.0.1', { lazyConnect: true });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
