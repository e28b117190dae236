// Memory soak: the gateway with every stage on under a steady load of unique prompts, so every
// request is a cache miss whose answer is stored and the semantic-cache index grows until its
// per-instance cap (CACHE_INDEX_MAX_ENTRIES, decision 020) evicts the oldest entries. RSS (from
// /proc) and the heap (a probe preloaded into the gateway) are sampled every SOAK_SAMPLE_SECONDS;
// the verdict is the slope of RSS over the last two thirds of the run, once the cap has had time
// to bite. The load is paced (SOAK_RATE requests a second over SOAK_CONCURRENCY connections) so
// that it does not hog a shared machine. Writes bench/results/soak.json. SOAK_PORT moves its four
// ports (two soaks on one machine); SOAK_NODE_FLAGS adds node flags to the gateway's (space-separated,
// e.g. `--max-semi-space-size=8`) to compare heap settings.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, configureStages, startGatewayStack } from './support/gateway-stack.ts';
import { runLoad } from './support/load.ts';
import { cpuSeconds, ROOT, rssMiB, stopProcess } from './support/processes.ts';
import { buildServerBundle } from './support/server-bundle.ts';
import { uniquePrompts } from './support/unique-prompts.ts';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MOCK_PORT = setting('SOAK_PORT', 19_941);
const GATEWAY_PORT = MOCK_PORT + 2;
const MEMORY_PROBE_PORT = MOCK_PORT + 3;
const NODE_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const MINUTES = setting('SOAK_MINUTES', 30);
const RATE = setting('SOAK_RATE', 100);
const CONCURRENCY = setting('SOAK_CONCURRENCY', 4);
const SAMPLE_SECONDS = setting('SOAK_SAMPLE_SECONDS', 30);
/** The server's default; the soak passes a different cap through when the environment sets one. */
const INDEX_CAP = setting('CACHE_INDEX_MAX_ENTRIES', 7_500);
/** RSS that grows slower than this over the last two thirds counts as flat. */
const FLAT_MIB_PER_10_MIN = 5;

interface Sample {
  minute: number;
  rss_mib: number;
  heap_used_mib: number;
  heap_total_mib: number;
  external_mib: number;
  requests: number;
  errors: number;
  cache_entries_stored: number;
  gateway_cpu_ms_per_request: number;
  load_average: number;
}

type Memory = Pick<Sample, 'rss_mib' | 'heap_used_mib' | 'heap_total_mib' | 'external_mib'>;

async function probeMemory(path = '/'): Promise<Memory> {
  const res = await fetch(`http://127.0.0.1:${MEMORY_PROBE_PORT}${path}`);
  return (await res.json()) as Memory;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

async function main() {
  const gatewayEntry = buildServerBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-soak-'));
  const stack = await startGatewayStack({
    gatewayEntry,
    mockPort: MOCK_PORT,
    gatewayPort: GATEWAY_PORT,
    dataDir,
    gatewayNodeArgs: [...NODE_FLAGS, '--expose-gc', '--import', './bench/support/memory-probe.mjs'],
    gatewayEnv: {
      MEMORY_PROBE_PORT: String(MEMORY_PROBE_PORT),
      CACHE_INDEX_MAX_ENTRIES: String(INDEX_CAP),
    },
  });
  const { gateway, gatewayProc, session, key } = stack;
  const pid = gatewayProc.pid;
  try {
    await configureStages(stack, true);
    const nextPrompt = uniquePrompts(11);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    const body = () =>
      JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: nextPrompt() }],
      });

    let requests = 0;
    let errors = 0;
    const samples: Sample[] = [];
    const started = performance.now();
    let last = { requests: 0, cpu: cpuSeconds(pid) };
    const sample = async () => {
      const memory = await probeMemory();
      const stats = await callApi(
        `${gateway}/v1/semantic-cache/analytics`,
        'GET',
        undefined,
        session,
      );
      const cpu = cpuSeconds(pid);
      const served = requests - last.requests;
      samples.push({
        minute: Math.round((performance.now() - started) / 600) / 100,
        ...memory,
        rss_mib: rssMiB(pid),
        requests,
        errors,
        cache_entries_stored: Number(stats.total_entries ?? 0),
        gateway_cpu_ms_per_request: served
          ? Math.round(((cpu - last.cpu) * 1e5) / served) / 100
          : 0,
        load_average: loadavg()[0] ?? 0,
      });
      last = { requests, cpu };
      const s = samples.at(-1) as Sample;
      console.log(
        `${s.minute.toFixed(1).padStart(5)} min  RSS ${s.rss_mib} MiB  heap ${s.heap_used_mib}/${s.heap_total_mib} MiB  ${s.requests} requests (${s.errors} errors)  ${s.cache_entries_stored} stored  ${s.gateway_cpu_ms_per_request} ms CPU/req  load ${s.load_average}`,
      );
    };

    await sample();
    const endAt = started + MINUTES * 60_000;
    let nextSampleAt = started + SAMPLE_SECONDS * 1000;
    // One-second windows: RATE requests as fast as CONCURRENCY connections allow, then the rest of
    // the second idle, so the rate holds whatever the latency.
    while (performance.now() < endAt) {
      const windowStart = performance.now();
      const window = await runLoad({
        origin: gateway,
        path: '/v1/chat/completions',
        headers,
        body,
        concurrency: CONCURRENCY,
        total: RATE,
        maxSeconds: 1,
      });
      requests += window.requests;
      errors += window.errors;
      const idle = 1000 - (performance.now() - windowStart);
      if (idle > 0) await new Promise((r) => setTimeout(r, idle));
      if (performance.now() >= nextSampleAt) {
        await sample();
        nextSampleAt += SAMPLE_SECONDS * 1000;
      }
    }
    await sample();
    // Collected once at the end: what is live, apart from garbage the collector had not yet reached.
    const afterGc = await probeMemory('/gc');
    const afterGcRss = rssMiB(pid);

    const tail = samples.filter((s) => s.minute >= MINUTES / 3);
    const perTenMinutes = (y: (s: Sample) => number) =>
      Math.round(slope(tail.map((s) => ({ x: s.minute, y: y(s) }))) * 10 * 10) / 10;
    const rssSlope = perTenMinutes((s) => s.rss_mib);
    const first = samples[0] as Sample;
    const final = samples.at(-1) as Sample;
    const out = {
      bench: 'soak',
      date: new Date().toISOString(),
      machine: { cores: (await import('node:os')).cpus().length, node: process.version },
      settings: {
        minutes: MINUTES,
        rate_per_second: RATE,
        concurrency: CONCURRENCY,
        sample_seconds: SAMPLE_SECONDS,
        cache_index_max_entries: INDEX_CAP,
        gateway_node_flags: NODE_FLAGS,
        stages:
          'every stage on (PII, semantic cache lookup and store, balanced compression, routing)',
        prompts:
          'unique (bench/support/unique-prompts.ts): every request a miss whose answer is stored',
      },
      verdict: {
        rss_slope_mib_per_10_min_last_two_thirds: rssSlope,
        heap_used_slope_mib_per_10_min_last_two_thirds: perTenMinutes((s) => s.heap_used_mib),
        flat_below_mib_per_10_min: FLAT_MIB_PER_10_MIN,
        flat: rssSlope <= FLAT_MIB_PER_10_MIN,
        rss_at_start_mib: first.rss_mib,
        rss_at_end_mib: final.rss_mib,
        rss_max_mib: Math.max(...samples.map((s) => s.rss_mib)),
        after_gc_at_end: { ...afterGc, rss_mib: afterGcRss },
        requests: final.requests,
        errors: final.errors,
        load_average_mean:
          Math.round((samples.reduce((s, x) => s + x.load_average, 0) / samples.length) * 100) /
          100,
      },
      samples,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/soak.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(
      `RSS ${first.rss_mib} → ${final.rss_mib} MiB (max ${out.verdict.rss_max_mib}); slope over the last two thirds ${rssSlope} MiB per 10 min: ${out.verdict.flat ? 'flat' : 'GROWING'}; written bench/results/soak.json`,
    );
  } finally {
    await stopProcess(gatewayProc);
    await stopProcess(stack.mockProc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
