// The mock upstream and a Tokenwise gateway in processes of their own, with one subscribed account,
// a gateway key and an OpenAI provider key: what the gateway bench and the profiler both measure.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { startProcess, stopProcess } from './processes.ts';

export interface GatewayStack {
  mock: string;
  gateway: string;
  mockProc: ChildProcess;
  gatewayProc: ChildProcess;
  session: string;
  key: string;
}

const up = (url: string) => async () => (await fetch(url)).status < 500;

/** A JSON call to the dashboard API; throws on any non-2xx answer. */
export async function callApi(
  url: string,
  method: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

export async function startGatewayStack(opts: {
  mockPort: number;
  gatewayPort: number;
  dataDir: string;
  /** Extra node flags for the gateway process (e.g. --cpu-prof). */
  gatewayNodeArgs?: string[];
  /** Extra environment for the gateway process. */
  gatewayEnv?: Record<string, string>;
  /** The gateway's entry point: the TypeScript sources through tsx unless a bundle is named. */
  gatewayEntry?: string;
  /** Extra environment for the mock upstream (e.g. MOCK_PIECE_CHARS). */
  mockEnv?: Record<string, string>;
}): Promise<GatewayStack> {
  const mock = `http://127.0.0.1:${opts.mockPort}`;
  const gateway = `http://127.0.0.1:${opts.gatewayPort}`;
  // The bundle gets the node flags `npm start` gives it (a flag in gatewayNodeArgs wins).
  const extraArgs = opts.gatewayNodeArgs ?? [];
  const gatewayNodeArgs = opts.gatewayEntry
    ? [...serverNodeFlags({ ...process.env, ...opts.gatewayEnv }, extraArgs), ...extraArgs]
    : extraArgs;
  const mockProc = await startProcess(
    'apps/server/src/mock-upstream/main.ts',
    { PORT: String(opts.mockPort), ...opts.mockEnv },
    up(`${mock}/healthz`),
  );
  // A gateway that fails to start (a port clash, say) must not leave the mock running behind it.
  let gatewayProc: ChildProcess | undefined;
  try {
    gatewayProc = await startProcess(
      opts.gatewayEntry ?? 'apps/server/src/main.ts',
      {
        PORT: String(opts.gatewayPort),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        OPENAI_BASE_URL: `${mock}/openai/v1`,
        WEB_DIST_DIR: join(opts.dataDir, 'no-web'),
        ...opts.gatewayEnv,
      },
      up(`${gateway}/healthz`),
      gatewayNodeArgs,
    );
    const session = (
      await callApi(`${gateway}/v1/auth/signup`, 'POST', {
        email: 'bench@example.com',
        password: 'bench-password',
      })
    ).token as string;
    await callApi(`${gateway}/v1/billing/checkout`, 'POST', { tier: 'paid' }, session);
    const key = (await callApi(`${gateway}/v1/keys`, 'POST', { name: 'bench' }, session))
      .key as string;
    await callApi(
      `${gateway}/v1/provider-keys`,
      'POST',
      { provider: 'openai', api_key: 'sk-bench' },
      session,
    );
    return { mock, gateway, mockProc, gatewayProc, session, key };
  } catch (err) {
    if (gatewayProc) await stopProcess(gatewayProc);
    await stopProcess(mockProc);
    throw err;
  }
}

/** Every optional stage on or off for the bench account (compression is the per-request header). */
export async function configureStages(stack: GatewayStack, on: boolean): Promise<void> {
  const { gateway, session } = stack;
  const pii = { enabled: on, redact_emails: true, redact_phones: true, redact_ssn: true };
  await callApi(`${gateway}/v1/pii-redaction/config`, 'PUT', pii, session);
  const cache = { enabled: on, similarity_threshold: 0.95, ttl_seconds: 3600 };
  await callApi(`${gateway}/v1/semantic-cache/config`, 'PUT', cache, session);
  const routing = {
    enabled: on,
    difficulty_threshold_simple: 100,
    difficulty_threshold_complex: 500,
  };
  await callApi(`${gateway}/v1/routing/config`, 'PUT', routing, session);
  await callApi(`${gateway}/v1/settings`, 'PUT', { optimization_level: 'balanced' }, session);
}
