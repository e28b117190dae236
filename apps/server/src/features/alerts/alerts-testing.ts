import assert from 'node:assert/strict';
import type { AlertHistoryEntry } from '@tokenwise/contracts';
import { connectDatabase } from '@tokenwise/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { closeDeps, createDeps } from '../../bootstrap.ts';
import type { GatewayFixture } from '../../gateway/tests/gateway-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const alertForm = (over: Record<string, unknown> = {}) => ({
  name: 'Alert',
  alert_type: 'budget_limit',
  enabled: true,
  conditions: { threshold: 100, period: '1d' },
  notification_email: true,
  notification_webhook: false,
  webhook_url: null,
  throttle_minutes: 0,
  ...over,
});

/**
 * Sends `count` chat requests through the gateway (the mock answers `usage` tokens, or fails with
 * `status`), each with a prompt of its own so the cache never answers, and waits for their logs.
 */
export async function sendTraffic(
  f: GatewayFixture,
  count: number,
  opts: { status?: number; tokens?: number } = {},
): Promise<void> {
  const tokens = opts.tokens ?? 1_000;
  for (let i = 0; i < count; i++) {
    f.mock.enqueue(
      opts.status ? { status: opts.status } : { usage: { input: tokens, output: tokens } },
      'openai',
    );
    await f.openai.chat.completions
      .create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: `question ${Math.random()} ${i}` }],
      })
      .catch((err: unknown) => {
        if (!opts.status) throw err;
      });
  }
  await f.server.app.gateway.logs.flush();
}

/** Turns routing and the semantic cache off, so every request costs the same and is logged as sent. */
export async function plainTraffic(f: GatewayFixture): Promise<void> {
  const api = f.user.api;
  const off = [
    [
      '/v1/routing/config',
      { enabled: false, difficulty_threshold_simple: 30, difficulty_threshold_complex: 70 },
    ],
    [
      '/v1/semantic-cache/config',
      { enabled: false, similarity_threshold: 0.95, ttl_seconds: 3600 },
    ],
  ] as const;
  for (const [path, body] of off) {
    const res = await api('PUT', path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * A second server instance (its own deps, pool and evaluator) on the first one's database: what
 * two replicas behind a load balancer are.
 */
export async function secondInstance(
  server: TestServer,
  clock: () => number,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const { schema } = server.deps.db;
  const db = await connectDatabase(server.deps.config.databaseUrl, schema ? { schema } : {});
  const deps = await createDeps(server.deps.config, { db, clock, log: pino({ level: 'silent' }) });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await closeDeps(deps);
    },
  };
}

/** One alert's history entries, newest first, as the account's members read them. */
export async function alertHistory(
  f: Pick<GatewayFixture, 'user'>,
  alertId: string,
): Promise<AlertHistoryEntry[]> {
  const res = await f.user.api('GET', '/v1/alerts/history?limit=50');
  assert.equal(res.status, 200);
  return (res.body as AlertHistoryEntry[]).filter((e) => e.alert_id === alertId);
}
