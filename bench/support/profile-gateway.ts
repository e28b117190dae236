// Where the gateway spends its CPU under load: starts the mock upstream and the gateway (with
// --cpu-prof), drives closed-loop load with every stage off (or on), stops the gateway and prints
// where the time went: by package, by function with its callees, by function alone.
// `node --import tsx bench/support/profile-gateway.ts [concurrency=16] [seconds=8] [off|on] [noprof|bundle|heap]`
// (bundle: no profile, the gateway as `npm start` runs it, for CPU figures to compare with the
// peer bench; the sources under tsx pay for its loader and its function-name wrappers;
// heap: the bundle, with the bytes its main thread allocates per request counted and sampled by
// bench/support/heap-sampler.mjs instead of a CPU profile)
// (ALL_FUNCTIONS=1 lists library functions too in the with-callees table; PROFILE_PORT=n uses ports
// n, n+2 and n+3; PROFILE_REQUESTS=n serves n requests whatever the time, for heap and bundle
// modes; HEAP_ROWS=n rows per table in heap mode; PROFILE_STREAM=1 asks for streamed answers;
// PROFILE_BARE=1 then drives the same load through bench/support/bare-proxy.ts (port n+5) against the same
// mock and prints its CPU per request too, for the gateway's ratio to it in the same run; both are
// also split into user and system time, system being the kernel's socket and file work;
// PROFILE_PIECE_CHARS=n has the mock stream answers in pieces of n characters, 2 by default with
// PROFILE_STREAM=1: ~100 events for the bench's ~200-character echo, as a provider streams a token
// an event, where the mock's split by words gave ~35; 0 keeps the split by words)
// (bundleprof: the bundle `npm start` runs, with --cpu-prof: functions and lines as the bundle has
// them, without tsx's loader and wrappers)
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { printHeapProfile } from './heap-profile-report.ts';
import { runLoad } from './load.ts';
import {
  cpuSeconds,
  cpuSplit,
  rssMiB,
  startProcess,
  stopProcess,
  threadSeconds,
} from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';
import { uniquePrompts } from './unique-prompts.ts';

// PROFILE_PORT moves both ports, for two profiles (two worktrees) on one machine.
const MOCK_PORT = Number(process.env.PROFILE_PORT ?? 19_911);
const GATEWAY_PORT = MOCK_PORT + 2;
const concurrency = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 8);
const stagesOn = process.argv[4] === 'on';
const heap = process.argv[5] === 'heap';
const bundleProfile = process.argv[5] === 'bundleprof';
const bundled = process.argv[5] === 'bundle' || heap || bundleProfile;
const profiling = bundleProfile || (process.argv[5] !== 'noprof' && !bundled);
const HEAP_SAMPLER_PORT = MOCK_PORT + 3;
const streamed = process.env.PROFILE_STREAM === '1';
// PROFILE_LOOP=1 (bundle mode): the loop-delay probe in the gateway, its longest block printed.
const loopProbe = process.env.PROFILE_LOOP === '1';
const LOOP_PROBE_PORT = MOCK_PORT + 4;
const bare = process.env.PROFILE_BARE === '1';
const pieceChars = Number(process.env.PROFILE_PIECE_CHARS ?? (streamed ? 2 : 0));
const BARE_PORT = MOCK_PORT + 5;

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
const heapProfile = join(dataDir, 'heap.json');
const sampler = async (step: 'start' | 'stop') =>
  (await (await fetch(`http://127.0.0.1:${HEAP_SAMPLER_PORT}/${step}`)).json()) as {
    allocated_bytes: number;
    collections: number;
    gc_ms: number;
  };
const stack = await startGatewayStack({
  mockPort: MOCK_PORT,
  gatewayPort: GATEWAY_PORT,
  dataDir,
  gatewayNodeArgs: profiling
    ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`]
    : heap
      ? ['--import', './bench/support/heap-sampler.mjs']
      : loopProbe
        ? ['--import', './bench/support/loop-delay-probe.mjs']
        : [],
  gatewayEnv: heap
    ? { HEAP_SAMPLER_PORT: String(HEAP_SAMPLER_PORT), HEAP_SAMPLER_OUT: heapProfile }
    : loopProbe
      ? { LOOP_PROBE_PORT: String(LOOP_PROBE_PORT) }
      : {},
  ...(bundled ? { gatewayEntry: buildServerBundle() } : {}),
  ...(pieceChars > 0 ? { mockEnv: { MOCK_PIECE_CHARS: String(pieceChars) } } : {}),
});
const { gateway, mockProc, gatewayProc, key } = stack;
let loadSeconds = seconds;
let requests = 0;
try {
  await configureStages(stack, stagesOn);
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
        ...(streamed ? { stream: true } : {}),
      }),
    concurrency,
  };
  await runLoad({ ...load, total: 500, maxSeconds: 3 });
  const cpu = [cpuSeconds(gatewayProc.pid), cpuSeconds(mockProc.pid)];
  const splitBefore = cpuSplit(gatewayProc.pid);
  const threadsBefore = threadSeconds(gatewayProc.pid);
  if (heap) await sampler('start');
  if (loopProbe) await fetch(`http://127.0.0.1:${LOOP_PROBE_PORT}/reset`);
  // PROFILE_REQUESTS: a fixed number of requests instead of a time (the cache index, and so the
  // work of a lookup, grows with the requests served: runs to compare should serve as many).
  const fixed = Number(process.env.PROFILE_REQUESTS ?? 0);
  const loadStarted = performance.now();
  const r = await runLoad({
    ...load,
    total: fixed || 1_000_000,
    maxSeconds: fixed ? 600 : seconds,
  });
  loadSeconds = (performance.now() - loadStarted) / 1000;
  requests = r.requests;
  if (loopProbe)
    console.log(
      `event loop: ${await (await fetch(`http://127.0.0.1:${LOOP_PROBE_PORT}/`)).text()}`,
    );
  if (heap) {
    const h = await sampler('stop');
    console.log(
      `heap: ${Math.round(h.allocated_bytes / r.requests)} B allocated per request (${r.requests} requests, ${h.collections} collections, ${Math.round((h.gc_ms * 1000) / r.requests)} µs of GC pause per request)`,
    );
    printHeapProfile(heapProfile, r.requests, Number(process.env.HEAP_ROWS ?? 30));
  }
  const [gatewayCpu, mockCpu] = [
    cpuSeconds(gatewayProc.pid) - (cpu[0] ?? 0),
    cpuSeconds(mockProc.pid) - (cpu[1] ?? 0),
  ];
  const perRequest = (s: number) => `${Math.round((s * 1e6) / r.requests)} µs`;
  console.log(
    `c=${concurrency}${streamed ? ' streamed' : ''}: p50 ${r.p50} ms p99 ${r.p99} ms ttfb p50 ${r.ttfb_p50} ms ${r.rps}/s errors ${r.errors}; CPU per request: gateway ${perRequest(gatewayCpu)}, mock ${perRequest(mockCpu)}`,
  );
  // Process CPU counts every thread: say which ones, so work moved off the loop is not hidden.
  const byThread = new Map<string, number>();
  for (const [tid, { name, seconds: after }] of threadSeconds(gatewayProc.pid)) {
    const spent = after - (threadsBefore.get(tid)?.seconds ?? 0);
    byThread.set(name, (byThread.get(name) ?? 0) + spent);
  }
  const threads = [...byThread].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
  const splitAfter = cpuSplit(gatewayProc.pid);
  console.log(
    `gateway user ${perRequest(splitAfter.user - splitBefore.user)}, system ${perRequest(splitAfter.system - splitBefore.system)}`,
  );
  console.log(`gateway threads: ${threads.map(([n, s]) => `${n} ${perRequest(s)}`).join(', ')}`);
  console.log(`gateway RSS after the load: ${rssMiB(gatewayProc.pid)} MiB`);
  if (bare) await measureBareProxy(load.body);
} finally {
  await stopProcess(gatewayProc);
  await stopProcess(mockProc);
}
const file = (profiling ? readdirSync(profDir) : []).find((f) => f.endsWith('.cpuprofile'));
// PROFILE_KEEP=path keeps the profile (and path.json: requests served, load seconds) for
// bench/support/compare-profiles.ts, which sets self time per request of two builds side by side.
if (file && process.env.PROFILE_KEEP) {
  copyFileSync(join(profDir, file), process.env.PROFILE_KEEP);
  writeFileSync(
    `${process.env.PROFILE_KEEP}.json`,
    JSON.stringify({ requests, loadSeconds, concurrency, stagesOn }),
  );
}
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
  const start = end - loadSeconds * 1_000_000;
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

/** The same load through the bare undici proxy against the same mock: its CPU and the mock's. */
async function measureBareProxy(body: () => string): Promise<void> {
  const proxy = await startProcess(
    'bench/support/bare-proxy.ts',
    { PORT: String(BARE_PORT), TARGET: `${stack.mock}/openai/v1` },
    async () => (await fetch(`http://127.0.0.1:${BARE_PORT}/models`)).status < 500,
  );
  try {
    const load = {
      origin: `http://127.0.0.1:${BARE_PORT}`,
      path: '/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      body,
      concurrency,
    };
    await runLoad({ ...load, total: 500, maxSeconds: 3 });
    const before = [cpuSeconds(proxy.pid), cpuSeconds(mockProc.pid)];
    const splitBefore = cpuSplit(proxy.pid);
    const r = await runLoad({ ...load, total: 1_000_000, maxSeconds: seconds });
    const per = (pid: number | undefined, i: number) =>
      Math.round(((cpuSeconds(pid) - (before[i] ?? 0)) * 1e6) / r.requests);
    const splitAfter = cpuSplit(proxy.pid);
    const perSeconds = (s: number) => Math.round((s * 1e6) / r.requests);
    console.log(
      `bare proxy c=${concurrency}: ${r.rps}/s errors ${r.errors}; CPU per request: proxy ${per(proxy.pid, 0)} µs (user ${perSeconds(splitAfter.user - splitBefore.user)}, system ${perSeconds(splitAfter.system - splitBefore.system)}), mock ${per(mockProc.pid, 1)} µs`,
    );
  } finally {
    await stopProcess(proxy);
  }
}
