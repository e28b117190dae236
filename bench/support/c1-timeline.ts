// Added latency at concurrency 1 with every stage on (cache miss and store), for builds side by
// side: each build's bundle (`<root>/apps/server/dist/main.js`, built beforehand with
// scripts/build-server.mjs in that root) gets a mock and a gateway of its own; each round measures,
// build by build in an order that alternates, the direct call to its mock and then the call
// through it, and prints the added p50 and p99 (through minus direct, same round) with the load
// average. TIMELINE=1 preloads bench/support/timeline-probe.mjs and prints each build's timeline
// of one request (wall and CPU between steps) after the last round.
// `node --import tsx bench/support/c1-timeline.ts [rounds=6] [requests=1000] <root>...`
// (C1_PORT=n uses ports from n, four a build.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configureStages, type GatewayStack, startGatewayStack } from './gateway-stack.ts';
import { type LoadResult, runLoad } from './load.ts';
import { ROOT, stopProcess } from './processes.ts';
import { uniquePrompts } from './unique-prompts.ts';

const rounds = Number(process.argv[2] ?? 6);
const requests = Number(process.argv[3] ?? 1000);
const roots = process.argv.slice(4).map((r) => resolve(r));
const basePort = Number(process.env.C1_PORT ?? 19_951);
const timeline = process.env.TIMELINE === '1';
const probe = join(ROOT, 'bench/support/timeline-probe.mjs');

interface Build {
  root: string;
  stack: GatewayStack;
  dataDir: string;
  probePort: number;
  added: { p50: number; p99: number; direct: number }[];
}

const nextPrompt = uniquePrompts(11);
const chat = (stack: GatewayStack, direct: boolean) => ({
  origin: direct ? stack.mock : stack.gateway,
  path: direct ? '/openai/v1/chat/completions' : '/v1/chat/completions',
  headers: {
    'content-type': 'application/json',
    authorization: `Bearer ${direct ? 'sk-bench' : stack.key}`,
  },
  body: () =>
    JSON.stringify({
      model: direct ? 'gpt-4o-mini' : 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: nextPrompt() }],
    }),
  concurrency: 1,
});
const measure = (stack: GatewayStack, direct: boolean): Promise<LoadResult> =>
  runLoad({ ...chat(stack, direct), total: requests, maxSeconds: 120 });
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const builds: Build[] = [];
try {
  for (const [i, root] of roots.entries()) {
    const port = basePort + 4 * i;
    const dataDir = mkdtempSync(join(tmpdir(), 'tw-c1-'));
    const stack = await startGatewayStack({
      mockPort: port,
      gatewayPort: port + 1,
      dataDir,
      gatewayEntry: join(root, 'apps/server/dist/main.js'),
      gatewayNodeArgs: timeline ? ['--import', probe] : [],
      gatewayEnv: timeline ? { TIMELINE_PROBE_PORT: String(port + 2) } : {},
    });
    builds.push({ root, stack, dataDir, probePort: port + 2, added: [] });
    await configureStages(stack, true);
    await runLoad({ ...chat(stack, false), total: 300, maxSeconds: 10 });
    await runLoad({ ...chat(stack, true), total: 300, maxSeconds: 10 });
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    const line: string[] = [];
    for (const build of order) {
      if (timeline) await fetch(`http://127.0.0.1:${build.probePort}/reset`);
      const direct = await measure(build.stack, true);
      const through = await measure(build.stack, false);
      const added = {
        p50: round3(through.p50 - direct.p50),
        p99: round3(through.p99 - direct.p99),
        direct: direct.p50,
      };
      build.added.push(added);
      line.push(
        `${build.root}: +${added.p50}/+${added.p99} ms (direct p50 ${direct.p50}, errors ${through.errors})`,
      );
    }
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`round ${round + 1}, load ${load.join(' ')}: ${line.join('; ')}`);
  }
  for (const build of builds) {
    const p50 = median(build.added.map((a) => a.p50));
    const p99 = median(build.added.map((a) => a.p99));
    console.log(`${build.root}: median added p50 +${p50} ms, p99 +${p99} ms`);
    if (!timeline) continue;
    const t = (await (await fetch(`http://127.0.0.1:${build.probePort}/`)).json()) as {
      requests: number;
      rows: { step: string; count: number; [k: string]: unknown }[];
    };
    console.log(`timeline of ${build.root} (${t.requests} requests, last round; µs p50 [p90])`);
    for (const r of t.rows)
      console.log(
        `  ${r.step} (${r.count}): wall ${r.wall_p50_us} [${r.wall_p90_us}], cpu ${r.cpu_p50_us} [${r.cpu_p90_us}]`,
      );
  }
} finally {
  for (const b of builds) {
    await stopProcess(b.stack.gatewayProc);
    await stopProcess(b.stack.mockProc);
    rmSync(b.dataDir, { recursive: true, force: true });
  }
}
