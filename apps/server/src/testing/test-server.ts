import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CallArgs,
  type EndpointInput,
  type EndpointResponse,
  ErrorResponse,
  endpoints,
  endpointUrl,
  type JsonEndpoint,
} from '@tokenwise/contracts';
import { type Db, openTestDatabase, type Role } from '@tokenwise/db';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { closeDeps, createDeps } from '../bootstrap.ts';
import { loadConfig } from '../config/env.ts';
import type { AppDeps } from '../deps.ts';
import { ContractCheck } from './contract-check.ts';

/** One method + path as registered with Fastify (`/v1/keys/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface TestServer {
  url: string;
  /** Every route the app registered, one entry per method, in registration order. */
  routes: RegisteredRoute[];
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  /** Every route registered, and every dashboard answer held to its endpoint contract. */
  contracts: ContractCheck;
  /** Emails written to the outbox, oldest first, as raw .eml text, once queued ones are sent. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The real server on a loopback port with a fresh database (SQLite file, or a PostgreSQL schema
 * when DATABASE_URL says so) and its own data dir. `env` adds config variables; `logStream`
 * receives the server's log lines (at LOG_LEVEL) so a test can read them; `databaseUrl` reaches
 * PostgreSQL another way (through a proxy the test can cut); `db` serves an open database instead.
 */
export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    clock?: () => number;
    logStream?: DestinationStream;
    databaseUrl?: string;
    /** An open database to serve (another instance's, see cluster/two-instances.ts); closed with the server. */
    db?: Db & { url: string };
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tokenwise-data-'));
  const db = opts.db ?? (await openTestDatabase(opts.databaseUrl ? { url: opts.databaseUrl } : {}));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    // Alert passes run when a test says so (with its clock), not on a timer mid-test.
    ALERT_EVAL_INTERVAL_MS: '0',
    // The 10 s scan budget bounds pathological prompts in production; a two-line prompt's first
    // scan on a test machine at load 15 (worker start included) once went past it. Tests of the
    // budget set their own.
    PII_SCAN_BUDGET_MS: '120000',
    // npm test makes password hashes cheap (scripts/run-tests.mjs); a test may still ask for more.
    ...(process.env.PASSWORD_HASH_COST
      ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST }
      : {}),
    ...opts.env,
  });
  const deps = await createDeps(config, {
    db,
    log: opts.logStream
      ? pino({ level: config.logLevel }, opts.logStream)
      : pino({ level: config.logLevel }),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const contracts = new ContractCheck();
  const routes: RegisteredRoute[] = [];
  const app = await buildApp(deps, {
    beforeRoutes: (a) => {
      contracts.install(a);
      a.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url });
      });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const outboxDir = join(dataDir, 'outbox');
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    app,
    deps,
    dataDir,
    contracts,
    async outbox() {
      await deps.jobs.drain();
      try {
        return readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
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

/** An outbox email as readable text: quoted-printable folds long lines with '=\n'. */
export function unfoldEmail(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The token of the reset link in a password-reset email. */
export function resetTokenFrom(eml: string): string {
  const match = /https?:\/\/\S+\/reset-password\?token=([\w%-]+)/.exec(unfoldEmail(eml));
  if (!match?.[1]) throw new Error('no reset link in email');
  return decodeURIComponent(match[1]);
}

export type EndpointResult<E extends JsonEndpoint> =
  | { ok: true; status: number; body: EndpointResponse<E>; headers: Headers }
  | { ok: false; status: number; body: ErrorResponse; headers: Headers };

interface RequestOptions {
  headers?: Record<string, string>;
}

/**
 * A small JSON client for tests: real HTTP. Called as `api(method, path, body?, headers?)` it
 * returns status and parsed body as they came; `api.request(endpoint, input)` is the typed form:
 * the answer read through the endpoint's contract (or `ErrorResponse` on failure), and
 * `api.expectOk(endpoint, input)` returns the answer's body or throws with the status and error.
 */
export function apiClient(baseUrl: string, token?: string) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  async function call<T = any>(
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
  }

  async function request<E extends JsonEndpoint>(
    endpoint: E,
    ...[input, options]: CallArgs<E, RequestOptions>
  ): Promise<EndpointResult<E>> {
    const path = endpointUrl(endpoint, (input ?? {}) as EndpointInput<E>);
    const res = await call<unknown>(endpoint.method, path, input?.body, options?.headers);
    const where = `${endpoint.method} ${path} answered ${res.status}`;
    if (res.status >= 200 && res.status < 300) {
      return { ok: true, ...res, body: readAs<E['response']>(endpoint.response, res.body, where) };
    }
    return { ok: false, ...res, body: readAs(ErrorResponse, res.body, where) };
  }

  async function expectOk<E extends JsonEndpoint>(
    endpoint: E,
    ...args: CallArgs<E, RequestOptions>
  ): Promise<EndpointResponse<E>> {
    const res = await request(endpoint, ...args);
    if (!res.ok) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered ${res.status}: ${res.body.message}`,
      );
    }
    return res.body;
  }

  return Object.assign(call, { request, expectOk });
}

function readAs<S extends z.ZodType>(schema: S, body: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${where} outside its contract: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Signs up a new user with a unique email and returns its token and first account. */
export async function signUp(
  server: TestServer,
  email = `user-${Math.random().toString(36).slice(2)}@example.com`,
  password = 'correct-horse-1',
) {
  const answer = await apiClient(server.url).expectOk(endpoints.auth.signup, {
    body: { email, password },
  });
  const account = answer.accounts[0];
  if (!account) throw new Error('signup answered without an account');
  return {
    email,
    password,
    token: answer.token,
    userId: answer.user.id,
    accountId: account.id,
    api: apiClient(server.url, answer.token),
  };
}

/** Signs up and starts the trial, so subscription-gated routes answer. */
export async function signUpSubscribed(server: TestServer, email?: string, password?: string) {
  const user = await signUp(server, email, password);
  await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
  return user;
}

/**
 * Proves `user`'s mailbox the way a person does: 'Forgot password', the link from the outbox,
 * the same password again. A SUPERADMIN_EMAILS address gets the superadmin flag only this way
 * (decision 080). The reset signs every session out, so this signs in again.
 */
export async function proveMailbox<U extends { email: string; password: string; token: string }>(
  server: TestServer,
  user: U,
): Promise<U & { api: ReturnType<typeof apiClient> }> {
  const anon = apiClient(server.url);
  await anon.expectOk(endpoints.auth.forgotPassword, { body: { email: user.email } });
  const mail = (await server.outbox())
    .reverse()
    .find((eml) => unfoldEmail(eml).toLowerCase().includes(`to: ${user.email.toLowerCase()}`));
  if (!mail) throw new Error(`no reset email reached ${user.email}`);
  await anon.expectOk(endpoints.auth.resetPassword, {
    body: { token: resetTokenFrom(mail), new_password: user.password },
  });
  const { token } = await anon.expectOk(endpoints.auth.login, {
    body: { email: user.email, password: user.password },
  });
  return { ...user, token, api: apiClient(server.url, token) };
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
