// Where the gateway spends its CPU under load: starts the mock upstream and the gateway (with
// --cpu-prof), drives closed-loop load with every stage off, stops the gateway and prints the
// heaviest functions by self time. `node --import tsx bench/support/profile-gateway.ts [conc] [secs]`
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './load.ts';
import { cpuSeconds, startProcess, stopProcess } from './processes.ts';
import { uniquePrompts } from './unique-prompts.ts';

const MOCK_PORT = 19_911;
const GATEWAY_PORT = 19_913;
const mock = `http://127.0.0.1:${MOCK_PORT}`;
const gateway = `http://127.0.0.1:${GATEWAY_PORT}`;
const concurrency = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 8);
const stagesOn = process.argv[4] === 'on';
const profiling = process.argv[5] !== 'noprof';
const up = (url: string) => async () => (await fetch(url)).status < 500;

async function call(url: string, method: string, body: unknown, token?: string) {
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

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dataDir = mkdtempSync(join(tmpdir(), 'tw-prof-'));
const profDir = join(dataDir, 'prof');
const mockProc = await startProcess(
  'apps/server/src/mock-upstream/main.ts',
  { PORT: String(MOCK_PORT) },
  up(`${mock}/healthz`),
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
  profiling ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
);
try {
  const session = (
    await call(`${gateway}/v1/auth/signup`, 'POST', {
      email: 'p@example.com',
      password: 'pw-123456',
    })
  ).token as string;
  await call(`${gateway}/v1/billing/checkout`, 'POST', { tier: 'paid' }, session);
  const key = (await call(`${gateway}/v1/keys`, 'POST', { name: 'p' }, session)).key as string;
  await call(`${gateway}/v1/provider-keys`, 'POST', { provider: 'openai', api_key: 'sk' }, session);
  const on = stagesOn;
  const pii = { enabled: on, redact_emails: true, redact_phones: true, redact_ssn: true };
  await call(`${gateway}/v1/pii-redaction/config`, 'PUT', pii, session);
  const cache = { enabled: on, similarity_threshold: 0.95, ttl_seconds: 3600 };
  await call(`${gateway}/v1/semantic-cache/config`, 'PUT', cache, session);
  const routing = {
    enabled: on,
    difficulty_threshold_simple: 100,
    difficulty_threshold_complex: 500,
  };
  await call(`${gateway}/v1/routing/config`, 'PUT', routing, session);
  const nextPrompt = uniquePrompts();
  const load = {
    origin: gateway,
    path: '/v1/chat/completions',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...(stagesOn ? {} : { 'x-tokenwise-optimization-level': 'off' }),
    },
    body: () =>
      JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: nextPrompt() }],
      }),
    concurrency,
  };
  await runLoad({ ...load, total: 500, maxSeconds: 3 });
  const cpu = [cpuSeconds(gatewayProc.pid), cpuSeconds(mockProc.pid)];
  const r = await runLoad({ ...load, total: 1_000_000, maxSeconds: seconds });
  const [gatewayCpu, mockCpu] = [
    cpuSeconds(gatewayProc.pid) - (cpu[0] ?? 0),
    cpuSeconds(mockProc.pid) - (cpu[1] ?? 0),
  ];
  const perRequest = (s: number) => `${Math.round((s * 1e6) / r.requests)} µs`;
  console.log(
    `c=${concurrency}: p50 ${r.p50} ms p99 ${r.p99} ms ${r.rps}/s errors ${r.errors}; CPU per request: gateway ${perRequest(gatewayCpu)}, mock ${perRequest(mockCpu)}`,
  );
} finally {
  await stopProcess(gatewayProc);
  await stopProcess(mockProc);
}
const file = (profiling ? readdirSync(profDir) : []).find((f) => f.endsWith('.cpuprofile'));
if (file) {
  const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byArea = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Only the measured load: startup (module loading, word vectors) and shutdown are left out.
  const times: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const end = t - 300_000;
  const start = end - seconds * 1_000_000;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const at = times[i] ?? 0;
    if (at < start || at > end) return;
    total += 1;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const where = f.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    const key = `${f.functionName || '(anon)'} ${where}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame?.functionName) onStack.add(frame.functionName);
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(f.url)?.[1];
    const area =
      pkg ??
      (/\/(packages|apps)\/([^/]+)\/src\/([^/]+)/.exec(f.url)?.slice(2).join('/') ||
        f.url.split('/')[0] ||
        f.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + 1);
  });
  console.log('-- self time by package / source folder');
  for (const [k, n] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
  console.log("-- total time (self and callees) of the gateway's own functions");
  const own = new Set(
    profile.nodes
      .filter((n) => /\/apps\/server\/src\/|\/packages\/[^/]+\/src\//.test(n.callFrame.url))
      .map((n) => n.callFrame.functionName),
  );
  for (const [k, n] of [...inclusive]
    .filter(([k]) => process.env.ALL_FUNCTIONS || own.has(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)) {
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
  console.log('-- self time by function');
  for (const [k, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}
rmSync(dataDir, { recursive: true, force: true });
