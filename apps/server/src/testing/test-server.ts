import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type Role } from '@tokenwise/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { closeDeps, createDeps } from '../bootstrap.ts';
import { loadConfig } from '../config/env.ts';
import type { AppDeps } from '../deps.ts';
import { ContractCheck } from './contract-check.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  /** Every route registered, and every dashboard answer held to its endpoint contract. */
  contracts: ContractCheck;
  /** Emails written to the outbox so far, oldest first, as raw .eml text. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * The real server on a loopback port with a fresh database (SQLite file, or a PostgreSQL schema
 * when DATABASE_URL says so) and its own data dir. `env` adds config variables.
 */
export async function startTestServer(
  opts: { env?: Record<string, string>; clock?: () => number } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tokenwise-data-'));
  const db = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ...opts.env,
  });
  const deps = await createDeps(config, {
    db,
    log: pino({ level: config.logLevel }),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const contracts = new ContractCheck();
  const app = await buildApp(deps, { beforeRoutes: (a) => contracts.install(a) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const outboxDir = join(dataDir, 'outbox');
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    dataDir,
    contracts,
    outbox() {
      try {
        return readdirSync(outboxDir)
          .sort()
          .map((f) => readFileSync(join(outboxDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await closeDeps(deps);
      rmSync(dataDir, { recursive: true, force: true });
      if (contracts.violations.length) {
        throw new Error(
          `Answers outside their endpoint contract (packages/contracts/src/endpoints):\n${contracts.violations.join('\n')}`,
        );
      }
    },
  };
}

/** A small JSON client for tests: real HTTP, returns status and parsed body. */
export function apiClient(baseUrl: string, token?: string) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

/** Signs up a new user with a unique email and returns its token and first account. */
export async function signUp(
  server: TestServer,
  email = `user-${Math.random().toString(36).slice(2)}@example.com`,
  password = 'correct-horse-1',
) {
  const res = await apiClient(server.url)('POST', '/v1/auth/signup', { email, password });
  if (res.status !== 201)
    throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    email,
    password,
    token: res.body.token as string,
    userId: res.body.user.id as string,
    accountId: res.body.accounts[0].id as string,
    api: apiClient(server.url, res.body.token),
  };
}

/** Signs up and starts the trial, so subscription-gated routes answer. */
export async function signUpSubscribed(server: TestServer, email?: string) {
  const user = await signUp(server, email);
  const res = await user.api('POST', '/v1/billing/checkout', { tier: 'paid' });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status}`);
  return user;
}

/** Makes `userId` a member of `accountId` with `role`, and of no other account. */
export async function moveToAccount(
  server: TestServer,
  userId: string,
  accountId: string,
  role: Role,
) {
  const db = server.deps.db.kysely;
  await db.deleteFrom('memberships').where('user_id', '=', userId).execute();
  await db
    .insertInto('memberships')
    .values({ account_id: accountId, user_id: userId, role, created_at: Date.now() })
    .execute();
}
