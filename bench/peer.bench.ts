// Tokenwise against a peer gateway, side by side in one run: the open-source Portkey gateway
// (@portkey-ai/gateway, pinned as a dev dependency, headless), a bare undici proxy (the least a
// Node proxy can do) and Tokenwise with every stage off and with every stage on (cache miss and
// store), all in front of one mock upstream, driven by one load generator, at concurrency 1, 16
// and 64, JSON and streamed. Every cell: three rounds, the variants interleaved inside a round so
// a noisy neighbour hurts them alike, the round with the median p50 kept. Added latency = that
// path minus the direct call in the same round. CPU per request and RSS are read from /proc for
// the process under test. `npm run bench:peer` (a few minutes); PEER_BENCH=long for longer cells.
// Writes bench/results/peer.json.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, configureStages, startGatewayStack } from './support/gateway-stack.ts';
import type { Measured } from './support/interleaved-rounds.ts';
import { measureLoadMatrix } from './support/load-matrix.ts';
import { portkeyHeaders, startBareProxy, startPortkey } from './support/peers.ts';
import { ROOT, rssMiB, stopProcess } from './support/processes.ts';
import { buildServerBundle } from './support/server-bundle.ts';
import { uniquePrompts } from './support/unique-prompts.ts';

const MOCK_PORT = 19_921;
const PROXY_PORT = 19_922;
const GATEWAY_PORT = 19_923;
const PORTKEY_PORT = 19_924;
const LONG = process.env.PEER_BENCH === 'long';
/** Requests and seconds per cell: warm-up, then the measured run. */
const CELL = LONG
  ? { warm: 200, warmSeconds: 3, c1: 800, cN: 3_000, seconds: 6 }
  : { warm: 60, warmSeconds: 1, c1: 250, cN: 900, seconds: 2 };
const ROUNDS = 3;

async function main() {
  const loadAverage = loadavg()[0];
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-peer-'));
  // Tokenwise as `npm start` runs it: the bundle with plain Node.
  const stack = await startGatewayStack({
    gatewayEntry: buildServerBundle(),
    mockPort: MOCK_PORT,
    gatewayPort: GATEWAY_PORT,
    dataDir,
  });
  const { mock, gateway, mockProc, gatewayProc, session, key } = stack;
  // Started inside the try, so that one failing to start stops everything started before it.
  let proxyProc: ChildProcess | undefined;
  let portkeyProc: ChildProcess | undefined;
  try {
    proxyProc = await startBareProxy(PROXY_PORT, mock);
    portkeyProc = await startPortkey(PORTKEY_PORT);
    const nextPrompt = uniquePrompts(11);
    const json = { 'content-type': 'application/json' };
    const upstreamAuth = { ...json, authorization: 'Bearer sk-bench' };
    const tokenwiseAuth = { ...json, authorization: `Bearer ${key}` };
    const stages = (on: boolean) => () => configureStages(stack, on);
    const variants = {
      direct: {
        origin: mock,
        path: '/openai/v1/chat/completions',
        headers: upstreamAuth,
        model: 'gpt-4o-mini',
        process: mockProc,
      },
      bare_proxy: {
        origin: `http://127.0.0.1:${PROXY_PORT}`,
        path: '/chat/completions',
        headers: upstreamAuth,
        model: 'gpt-4o-mini',
        process: proxyProc,
      },
      portkey: {
        origin: `http://127.0.0.1:${PORTKEY_PORT}`,
        path: '/v1/chat/completions',
        headers: portkeyHeaders(mock, upstreamAuth),
        model: 'gpt-4o-mini',
        process: portkeyProc,
      },
      tokenwise_stages_off: {
        origin: gateway,
        path: '/v1/chat/completions',
        headers: { ...tokenwiseAuth, 'x-tokenwise-optimization-level': 'off' },
        model: 'openai/gpt-4o-mini',
        process: gatewayProc,
        prepare: stages(false),
      },
      tokenwise_stages_on: {
        origin: gateway,
        path: '/v1/chat/completions',
        headers: tokenwiseAuth,
        model: 'openai/gpt-4o-mini',
        process: gatewayProc,
        prepare: stages(true),
      },
    };
    // Every variant gets prompts it has never seen, so no cache anywhere can answer.
    const results = await measureLoadMatrix(variants, {
      rounds: ROUNDS,
      sizes: (concurrency) => ({ ...CELL, total: concurrency === 1 ? CELL.c1 : CELL.cN }),
      prompt: nextPrompt,
      report: (label, row) => console.log(`${label} ${describe(row)}`),
    });
    const cacheStats = await callApi(
      `${gateway}/v1/semantic-cache/stats`,
      'GET',
      undefined,
      session,
    );
    const out = {
      bench: 'peer',
      date: new Date().toISOString(),
      length: LONG ? 'long' : 'short',
      machine: { cores: cpus().length, node: process.version },
      load_average_at_start: loadAverage,
      peer: 'Portkey gateway (@portkey-ai/gateway, see package.json), headless, NODE_ENV=production',
      stages_off: 'auth, quota, baseline sample, catalog, dispatch, request logging (write-behind)',
      stages_on:
        'plus PII redaction and restore, semantic cache lookup and store (miss path), balanced compression, routing',
      tokenwise_cache_hit_rate: cacheStats.hit_rate,
      rss_mib_after_run: {
        tokenwise: rssMiB(gatewayProc.pid),
        portkey: rssMiB(portkeyProc.pid),
        bare_proxy: rssMiB(proxyProc.pid),
      },
      summary: Object.fromEntries(Object.entries(results).map(([k, r]) => [k, summarise(r)])),
      results,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/peer.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(
      `RSS after the run: Tokenwise ${out.rss_mib_after_run.tokenwise} MiB, Portkey ${out.rss_mib_after_run.portkey} MiB, bare proxy ${out.rss_mib_after_run.bare_proxy} MiB; cache hit rate ${cacheStats.hit_rate}; written bench/results/peer.json`,
    );
  } finally {
    for (const p of [gatewayProc, portkeyProc, proxyProc, mockProc]) if (p) await stopProcess(p);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each variant against the direct call of its round, and its CPU against the bare proxy's. */
function summarise(row: Record<string, Measured>) {
  const direct = row.direct as Measured;
  const bareCpu = row.bare_proxy?.cpu_us_per_request ?? 0;
  return Object.fromEntries(
    Object.entries(row).map(([name, r]) => [
      name,
      {
        added_p50_ms: round(r.p50 - direct.p50),
        added_p99_ms: round(r.p99 - direct.p99),
        ttfb_p50_ms: r.ttfb_p50,
        ttfb_p99_ms: r.ttfb_p99,
        rps: r.rps,
        errors: r.errors,
        cpu_us_per_request: r.cpu_us_per_request,
        cpu_vs_bare_proxy: bareCpu ? round(r.cpu_us_per_request / bareCpu) : null,
      },
    ]),
  );
}

function describe(row: Record<string, Measured>): string {
  const direct = row.direct as Measured;
  return Object.entries(row)
    .map(([name, r]) =>
      name === 'direct'
        ? `direct p50 ${r.p50} ttfb ${r.ttfb_p50} ${r.rps}/s ${r.cpu_us_per_request}µs`
        : `${name} +${round(r.p50 - direct.p50)}/+${round(r.p99 - direct.p99)}ms ttfb ${r.ttfb_p50} ${r.rps}/s ${r.cpu_us_per_request}µs${r.errors ? ` ${r.errors} errors` : ''}`,
    )
    .join(' | ');
}

const round = (n: number) => Math.round(n * 1000) / 1000;
await main();
