// What the gateway's RSS is made of after the peer bench's kind of load (decision 039): the bundle
// as `npm start` runs it, Tokenwise's two peer-bench variants (stages off and on) over the same
// grid of cells, then RSS from /proc beside the V8 heap (per space, through the memory probe) and
// the anonymous mappings glibc's per-thread arenas occupy. One configuration per run, so a shell
// loop can alternate old and new: RSS_NODE_FLAGS adds node flags, RSS_ENV adds `NAME=value` pairs
// (space-separated) to the gateway's environment, RSS_ROUNDS (default 2) sets the rounds per cell,
// RSS_PORT (default 41000) moves its three ports. Prints one JSON line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { measureLoadMatrix } from './load-matrix.ts';
import { rssMiB, stopProcess } from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';
import { uniquePrompts } from './unique-prompts.ts';

const PORT = Number(process.env.RSS_PORT ?? 41_000);
const ROUNDS = Number(process.env.RSS_ROUNDS ?? 2);
const NODE_FLAGS = (process.env.RSS_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const ENV = Object.fromEntries(
  (process.env.RSS_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);
/** The peer bench's long cells (PEER_BENCH=long). */
const CELL = { warm: 200, warmSeconds: 3, c1: 800, cN: 3_000, seconds: 6 };

/**
 * Resident memory by kind of mapping: file-backed (code, the bundle, shared libraries), anonymous
 * mappings that start on a 64 MiB boundary and span at most 64 MiB (glibc's per-thread malloc
 * arenas are reserved that way; a V8 reservation may happen to look alike, so the split is a
 * guide), and the other anonymous mappings (V8's heap, the main malloc heap, thread stacks).
 */
function smaps(pid: number) {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const out = { file_mib: 0, arena_like_mib: 0, other_anon_mib: 0 };
  let kind: keyof typeof out = 'file_mib';
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]}`);
      const size = BigInt(`0x${head[2]}`) - start;
      const arena = start % (64n << 20n) === 0n && size <= 64n << 20n;
      kind =
        head[3] && !head[3].startsWith('[')
          ? 'file_mib'
          : arena
            ? 'arena_like_mib'
            : 'other_anon_mib';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]) / 1024;
  }
  for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = Math.round(out[k]);
  return out;
}

async function probe(path: string) {
  return (await fetch(`http://127.0.0.1:${PORT + 3}${path}`)).json();
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-rss-'));
  const stack = await startGatewayStack({
    gatewayEntry: buildServerBundle(),
    mockPort: PORT,
    gatewayPort: PORT + 2,
    dataDir,
    gatewayNodeArgs: [...NODE_FLAGS, '--expose-gc', '--import', './bench/support/memory-probe.mjs'],
    gatewayEnv: { ...ENV, MEMORY_PROBE_PORT: String(PORT + 3) },
  });
  const pid = stack.gatewayProc.pid as number;
  try {
    const rssStart = rssMiB(pid);
    const json = { 'content-type': 'application/json' };
    const auth = { ...json, authorization: `Bearer ${stack.key}` };
    const variant = (on: boolean) => ({
      origin: stack.gateway,
      path: '/v1/chat/completions',
      headers: on ? auth : { ...auth, 'x-tokenwise-optimization-level': 'off' },
      model: 'openai/gpt-4o-mini',
      process: stack.gatewayProc,
      prepare: () => configureStages(stack, on),
    });
    const results = await measureLoadMatrix(
      { off: variant(false), on: variant(true) },
      {
        rounds: ROUNDS,
        sizes: (c) => ({ ...CELL, total: c === 1 ? CELL.c1 : CELL.cN }),
        prompt: uniquePrompts(11),
        report: () => {},
      },
    );
    const cpu = Object.fromEntries(
      Object.entries(results).map(([cell, row]) => [
        cell,
        [row.off.cpu_us_per_request, row.on.cpu_us_per_request],
      ]),
    );
    const threads = /Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    const after = {
      rss: rssMiB(pid),
      memory: await probe('/'),
      spaces: await probe('/spaces'),
      smaps: smaps(pid),
      threads: Number(threads),
    };
    const gc = { memory: await probe('/gc'), rss: rssMiB(pid) };
    console.log(
      JSON.stringify({
        flags: stack.gatewayProc.spawnargs.filter((a) => a.startsWith('--max')).join(' '),
        env: process.env.RSS_ENV ?? '',
        load_average: loadavg()[0],
        rss_start: rssStart,
        after,
        after_gc: gc,
        cpu_us_off_on: cpu,
      }),
    );
  } finally {
    await stopProcess(stack.gatewayProc);
    await stopProcess(stack.mockProc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
