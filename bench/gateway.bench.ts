// Gateway overhead against the mock upstream on loopback: the same requests sent (a) straight to the
// mock, (b) through a bare undici proxy and (c) through Tokenwise, at concurrency 1, 16 and 64,
// streaming and not. Added latency = gateway minus direct at the same concurrency.
// Each party runs in its own process, as in production. Every cell is measured in three rounds,
// the variants interleaved within a round so a noisy neighbour hurts them alike; the round with
// the median p50 is kept. CPU per request is read from /proc for the process under test.
// Last, small requests' p99 alone and while 1, 5 and 20 MiB prompts arrive, with the gateway's
// longest event-loop block per large prompt (bench/support/large-prompts.ts).
// Writes bench/results/gateway.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  callApi,
  configureStages,
  type GatewayStack,
  startGatewayStack,
} from './support/gateway-stack.ts';
import type { Measured } from './support/interleaved-rounds.ts';
import { measureLargePrompts } from './support/large-prompts.ts';
import { runLoad } from './support/load.ts';
import { measureLoadMatrix } from './support/load-matrix.ts';
import { ROOT, rssMiB, startProcess, stopProcess } from './support/processes.ts';
import { uniquePrompts } from './support/unique-prompts.ts';

const MOCK_PORT = 19_901;
const PROXY_PORT = 19_902;
const GATEWAY_PORT = 19_903;
const LOOP_PROBE_PORT = 19_904;
const LARGE_PROMPT_MIB = [1, 5, 20];
/** The mock and the gateway, the gateway with the event-loop probe preloaded. */
function startProbedStack(dataDir: string) {
  return startGatewayStack({
    mockPort: MOCK_PORT,
    gatewayPort: GATEWAY_PORT,
    dataDir,
    gatewayNodeArgs: ['--import', './bench/support/loop-delay-probe.mjs'],
    gatewayEnv: { LOOP_PROBE_PORT: String(LOOP_PROBE_PORT) },
  });
}

async function main() {
  const loadAverage = (await import('node:os')).loadavg()[0];
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const stack = await startProbedStack(dataDir);
  const { mock, gateway, mockProc, gatewayProc, session, key } = stack;
  const proxyProc = await startProcess(
    'bench/support/bare-proxy.ts',
    { PORT: String(PROXY_PORT), TARGET: `${mock}/openai/v1` },
    async () => {
      const res = await fetch(`http://127.0.0.1:${PROXY_PORT}/models`).catch(() => undefined);
      return res !== undefined;
    },
  );

  try {
    const nextPrompt = uniquePrompts();
    const fixedPrompt = nextPrompt();
    const prompt = (unique: boolean) => (unique ? nextPrompt() : fixedPrompt);
    const auth = (k: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${k}`,
    });
    const body = (model: string, stream: boolean, unique: boolean) => () =>
      JSON.stringify({
        model,
        stream,
        messages: [{ role: 'user', content: prompt(unique) }],
      });
    const configure = (on: boolean) => configureStages(stack, on);
    // Stages off: compression off too. Stages on: every stage runs and each prompt is new, so the
    // cache is consulted and filled but never answers (the full miss path).
    const gatewayHeaders = (on: boolean) => ({
      ...auth(key),
      ...(on ? {} : { 'x-tokenwise-optimization-level': 'off' }),
    });
    const variants = {
      direct: {
        origin: mock,
        path: '/openai/v1/chat/completions',
        model: 'gpt-4o-mini',
        headers: auth('sk-bench'),
        process: mockProc,
      },
      bare_proxy: {
        origin: `http://127.0.0.1:${PROXY_PORT}`,
        path: '/chat/completions',
        model: 'gpt-4o-mini',
        headers: auth('sk-bench'),
        process: proxyProc,
      },
      gateway_stages_off: {
        origin: gateway,
        path: '/v1/chat/completions',
        model: 'openai/gpt-4o-mini',
        headers: gatewayHeaders(false),
        process: gatewayProc,
        prepare: () => configure(false),
      },
      gateway_stages_on: {
        origin: gateway,
        path: '/v1/chat/completions',
        model: 'openai/gpt-4o-mini',
        headers: gatewayHeaders(true),
        process: gatewayProc,
        prepare: () => configure(true),
      },
    };
    const results = await measureLoadMatrix(variants, {
      rounds: ROUNDS,
      sizes: (concurrency) => ({
        warm: 200,
        warmSeconds: 3,
        total: concurrency === 1 ? 800 : 3_000,
        seconds: 6,
      }),
      prompt: nextPrompt,
      report: (label, row) => {
        const d = row.direct;
        const fmt = (r: Measured | undefined) =>
          `+${((r?.p50 ?? 0) - d.p50).toFixed(3)}/+${((r?.p99 ?? 0) - d.p99).toFixed(3)}ms ${r?.rps}/s ${r?.cpu_us_per_request}µs`;
        console.log(
          `${label} direct p50 ${d.p50} p99 ${d.p99} ${d.rps}/s ${d.cpu_us_per_request}µs | bare ${fmt(row.bare_proxy)} | off ${fmt(row.gateway_stages_off)} | on ${fmt(row.gateway_stages_on)}`,
        );
      },
    });

    // How often the "stages on" runs were answered from the cache (should be next to never).
    const missPathStats = await callApi(
      `${gateway}/v1/semantic-cache/stats`,
      'GET',
      undefined,
      session,
    );
    console.log(`stages-on runs: semantic cache hit rate ${missPathStats.hit_rate}`);

    // A cache hit answered end to end: the same prompt again and again, every stage on.
    await configure(true);
    const hitLoad = {
      origin: gateway,
      path: '/v1/chat/completions',
      headers: gatewayHeaders(true),
      body: body('openai/gpt-4o-mini', false, false),
      concurrency: 16,
    };
    await runLoad({ ...hitLoad, total: 200, maxSeconds: 3 });
    const cacheHit = await runLoad({ ...hitLoad, total: 3_000, maxSeconds: 6 });
    console.log(
      `cache hit end to end c=16: p50 ${cacheHit.p50}ms p99 ${cacheHit.p99}ms ${cacheHit.rps}/s`,
    );

    const largePrompts = await largePromptScenario(stack);

    const added = (r: Record<string, Measured>, name: string) => ({
      p50_ms: round((r[name]?.p50 ?? 0) - (r.direct?.p50 ?? 0)),
      p99_ms: round((r[name]?.p99 ?? 0) - (r.direct?.p99 ?? 0)),
      rps: r[name]?.rps ?? 0,
      cpu_us_per_request: r[name]?.cpu_us_per_request ?? 0,
    });
    const summary = Object.fromEntries(
      Object.entries(results).map(([k, r]) => [
        k,
        {
          direct: {
            p50_ms: r.direct?.p50,
            p99_ms: r.direct?.p99,
            rps: r.direct?.rps,
            cpu_us_per_request: r.direct?.cpu_us_per_request,
          },
          bare_proxy_added: added(r, 'bare_proxy'),
          gateway_stages_off_added: added(r, 'gateway_stages_off'),
          gateway_stages_on_added: added(r, 'gateway_stages_on'),
        },
      ]),
    );
    const out = {
      bench: 'gateway',
      date: new Date().toISOString(),
      machine: { cores: (await import('node:os')).cpus().length, node: process.version },
      load_average_at_start: loadAverage,
      stages_off: 'auth, quota, baseline sample, catalog, dispatch, request logging (write-behind)',
      stages_on:
        'plus PII redaction and restore, semantic cache lookup and store (miss path), balanced compression, routing',
      gateway_rss_mib: rssMiB(gatewayProc.pid),
      stages_on_cache_hit_rate: missPathStats.hit_rate,
      cache_hit_c16: cacheHit,
      large_prompts: largePrompts,
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

/** Every stage on, then bench/support/large-prompts.ts; prints its figures. */
async function largePromptScenario(stack: GatewayStack) {
  await configureStages(stack, true);
  const largePrompts = await measureLargePrompts({
    gateway: stack.gateway,
    key: stack.key,
    probe: `http://127.0.0.1:${LOOP_PROBE_PORT}`,
    sizesMiB: LARGE_PROMPT_MIB,
  });
  const { small_alone: alone, small_while_large_arrive: during } = largePrompts;
  console.log(
    `small requests c=${largePrompts.small_concurrency}: alone p50 ${alone.p50} p99 ${alone.p99}ms (loop max ${alone.loop.max_ms}ms wall, ${alone.loop.max_cpu_ms}ms CPU in one turn) | while large prompts arrive p50 ${during.p50} p99 ${during.p99}ms (${largePrompts.small_p99_ratio}x the p99 alone), ${during.requests} answered, ${during.errors} errors`,
  );
  for (const l of largePrompts.large) {
    console.log(
      `  ${l.mib} MiB prompt: HTTP ${l.status} in ${l.seconds}s, gateway event loop max block ${l.loop.max_ms}ms wall, ${l.loop.max_cpu_ms}ms CPU in one turn, ${l.loop.max_unqueued_ms}ms less waits for a core`,
    );
  }
  return largePrompts;
}

/**
 * `GATEWAY_BENCH=large-prompts npm run bench -- gateway`: only the large-prompt scenario, its
 * figures put into the existing results file beside the last full run's (with its own date).
 */
async function largePromptsOnly() {
  const loadAverage = (await import('node:os')).loadavg()[0];
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const stack = await startProbedStack(dataDir);
  try {
    const largePrompts = await largePromptScenario(stack);
    const file = join(ROOT, 'bench/results/gateway.json');
    const out = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    out.large_prompts = {
      ...largePrompts,
      run: { date: new Date().toISOString(), load_average_at_start: loadAverage },
    };
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log('written large_prompts into bench/results/gateway.json');
  } finally {
    await stopProcess(stack.gatewayProc);
    await stopProcess(stack.mockProc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ROUNDS = 3;

const round = (n: number) => Math.round(n * 1000) / 1000;
await (process.env.GATEWAY_BENCH === 'large-prompts' ? largePromptsOnly() : main());
