// Gateway overhead against the mock upstream on loopback: the same requests sent (a) straight to the
// mock, (b) through a bare undici proxy and (c) through Tokenwise, at concurrency 1, 16 and 64,
// streaming and not. Added latency = gateway minus direct at the same concurrency.
// Each party runs in its own process, as in production. Writes bench/results/gateway.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadResult, runLoad } from './support/load.ts';
import { ROOT, rssMiB, startProcess, stopProcess } from './support/processes.ts';

const MOCK_PORT = 19_901;
const PROXY_PORT = 19_902;
const GATEWAY_PORT = 19_903;
const mock = `http://127.0.0.1:${MOCK_PORT}`;
const gateway = `http://127.0.0.1:${GATEWAY_PORT}`;
const up = (url: string) => async () => (await fetch(url)).status < 500;

async function json(url: string, method: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const mockProc = await startProcess(
    'apps/server/src/mock-upstream/main.ts',
    { PORT: String(MOCK_PORT) },
    up(`${mock}/healthz`),
  );
  const proxyProc = await startProcess(
    'bench/support/bare-proxy.ts',
    { PORT: String(PROXY_PORT), TARGET: `${mock}/openai/v1` },
    async () => {
      const res = await fetch(`http://127.0.0.1:${PROXY_PORT}/models`).catch(() => undefined);
      return res !== undefined;
    },
  );
  const gatewayProc = await startProcess(
    'apps/server/src/main.ts',
    {
      PORT: String(GATEWAY_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: `${mock}/openai/v1`,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    },
    up(`${gateway}/healthz`),
  );

  try {
    const signup = await json(`${gateway}/v1/auth/signup`, 'POST', {
      email: 'bench@example.com',
      password: 'bench-password',
    });
    const session = signup.token as string;
    await json(`${gateway}/v1/billing/checkout`, 'POST', { tier: 'paid' }, session);
    const key = (await json(`${gateway}/v1/keys`, 'POST', { name: 'bench' }, session))
      .key as string;
    await json(
      `${gateway}/v1/provider-keys`,
      'POST',
      { provider: 'openai', api_key: 'sk-bench' },
      session,
    );

    const message = {
      role: 'user',
      content: 'Summarise the benefits of connection pooling in two sentences.',
    };
    const targets = {
      direct: {
        origin: mock,
        path: '/openai/v1/chat/completions',
        model: 'gpt-4o-mini',
        auth: 'sk-bench',
      },
      bare_proxy: {
        origin: `http://127.0.0.1:${PROXY_PORT}`,
        path: '/chat/completions',
        model: 'gpt-4o-mini',
        auth: 'sk-bench',
      },
      gateway: {
        origin: gateway,
        path: '/v1/chat/completions',
        model: 'openai/gpt-4o-mini',
        auth: key,
      },
    } as const;

    const results: Record<string, Record<string, LoadResult>> = {};
    for (const stream of [false, true]) {
      for (const concurrency of [1, 16, 64]) {
        const row: Record<string, LoadResult> = {};
        for (const [name, t] of Object.entries(targets)) {
          const body = JSON.stringify({ model: t.model, messages: [message], stream });
          const load = {
            origin: t.origin,
            path: t.path,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${t.auth}` },
            body,
            concurrency,
          };
          await runLoad({ ...load, total: 200, maxSeconds: 3 });
          row[name] = await runLoad({
            ...load,
            total: concurrency === 1 ? 1_000 : 4_000,
            maxSeconds: 8,
          });
        }
        results[`${stream ? 'stream' : 'json'}_c${concurrency}`] = row;
        const d = row.direct as LoadResult;
        const g = row.gateway as LoadResult;
        const b = row.bare_proxy as LoadResult;
        console.log(
          `${stream ? 'stream' : 'json  '} c=${String(concurrency).padStart(2)}  direct p50 ${d.p50}ms p99 ${d.p99}ms ${d.rps}/s | bare +${(b.p50 - d.p50).toFixed(3)}/+${(b.p99 - d.p99).toFixed(3)}ms ${b.rps}/s | gateway +${(g.p50 - d.p50).toFixed(3)}/+${(g.p99 - d.p99).toFixed(3)}ms ${g.rps}/s errors ${g.errors}`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(results).map(([k, r]) => [
        k,
        {
          added_p50_ms: round((r.gateway?.p50 ?? 0) - (r.direct?.p50 ?? 0)),
          added_p99_ms: round((r.gateway?.p99 ?? 0) - (r.direct?.p99 ?? 0)),
          bare_proxy_added_p50_ms: round((r.bare_proxy?.p50 ?? 0) - (r.direct?.p50 ?? 0)),
          bare_proxy_added_p99_ms: round((r.bare_proxy?.p99 ?? 0) - (r.direct?.p99 ?? 0)),
          gateway_rps: r.gateway?.rps ?? 0,
          direct_rps: r.direct?.rps ?? 0,
        },
      ]),
    );
    const out = {
      bench: 'gateway',
      date: new Date().toISOString(),
      machine: { cores: (await import('node:os')).cpus().length, node: process.version },
      stages: 'auth, quota, baseline sample, catalog, dispatch, request logging (write-behind)',
      gateway_rss_mib: rssMiB(gatewayProc.pid),
      summary,
      results,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/gateway.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`gateway RSS ${out.gateway_rss_mib} MiB; written bench/results/gateway.json`);
  } finally {
    await stopProcess(gatewayProc);
    await stopProcess(proxyProc);
    await stopProcess(mockProc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
await main();
