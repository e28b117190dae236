// CPU a request, every stage on (cache miss and store), for builds side by side (decision 232):
// each build's bundle (`<root>/apps/server/dist/main.js`, built beforehand with
// scripts/build-server.mjs in that root) gets a mock and a gateway of its own; each round runs the
// same closed-loop load of unique prompts through every build, in an order that alternates, and
// reads the gateway process's CPU (all threads, /proc) per answered request. Name one root twice
// for an A/A run: the spread between identical builds is the figure's noise.
// A root written `<root>#no-filter-indexes` runs that build with the request log's four per-filter
// indexes dropped after start, to price their upkeep without a migration.
// `node --import tsx bench/support/cpu-ab.ts [rounds=6] [requests=3000] [concurrency=16] <root>...`
// (AB_PORT=n uses ports from n, four a build; AB_WARMUP=n requests warm each build, default 3000;
// AB_STAGES=off sends the peer bench's stages-off request instead: every stage off in the account's
// settings and `x-tokenwise-optimization-level: off`, decision 241. A spec ending in `.js` names a
// bundle itself, e.g. a copy of the base's `apps/server/dist/main.js` kept beside the new one.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { configureStages, type GatewayStack, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { cpuSeconds, stopProcess } from './processes.ts';
import { uniquePrompts } from './unique-prompts.ts';

const rounds = Number(process.argv[2] ?? 6);
const requests = Number(process.argv[3] ?? 3000);
const concurrency = Number(process.argv[4] ?? 16);
const specs = process.argv.slice(5);
const basePort = Number(process.env.AB_PORT ?? 19_971);
const stagesOn = process.env.AB_STAGES !== 'off';
const FILTER_INDEXES = ['provider', 'model', 'status', 'cache_hit'].map(
  (c) => `request_logs_account_${c}_time_idx`,
);

interface Build {
  name: string;
  stack: GatewayStack;
  dataDir: string;
  cpu: number[];
}

const nextPrompt = uniquePrompts(23);
const chat = (stack: GatewayStack, total: number) => ({
  origin: stack.gateway,
  path: '/v1/chat/completions',
  headers: {
    'content-type': 'application/json',
    authorization: `Bearer ${stack.key}`,
    ...(stagesOn ? {} : { 'x-tokenwise-optimization-level': 'off' }),
  },
  body: () =>
    JSON.stringify({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: nextPrompt() }],
    }),
  concurrency,
  total,
  maxSeconds: 300,
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const builds: Build[] = [];
try {
  for (const [i, spec] of specs.entries()) {
    const [root = '.', variant] = spec.split('#');
    const port = basePort + 4 * i;
    const dataDir = mkdtempSync(join(tmpdir(), 'tw-ab-'));
    const stack = await startGatewayStack({
      mockPort: port,
      gatewayPort: port + 1,
      dataDir,
      gatewayEntry: root.endsWith('.js')
        ? resolve(root)
        : join(resolve(root), 'apps/server/dist/main.js'),
    });
    builds.push({ name: `${i + 1}:${spec}`, stack, dataDir, cpu: [] });
    await configureStages(stack, stagesOn);
    if (variant === 'no-filter-indexes') {
      const file = new Database(join(dataDir, 'tokenwise.db'));
      for (const index of FILTER_INDEXES) file.exec(`DROP INDEX ${index}`);
      file.close();
    }
    await runLoad(chat(stack, Number(process.env.AB_WARMUP ?? 3000)));
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    const line: string[] = [];
    for (const build of order) {
      const before = cpuSeconds(build.stack.gatewayProc.pid);
      const r = await runLoad(chat(build.stack, requests));
      // The log batch and cache rows still queued are written within the next second: waited for,
      // so each round is charged its own writes.
      await new Promise((done) => setTimeout(done, 1200));
      const us = ((cpuSeconds(build.stack.gatewayProc.pid) - before) * 1e6) / r.requests;
      build.cpu.push(us);
      line.push(`${build.name} ${us.toFixed(0)} µs (${r.rps.toFixed(0)}/s, errors ${r.errors})`);
    }
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`round ${round + 1}, load ${load.join(' ')}: ${line.join('; ')}`);
  }
  for (const b of builds) {
    const sorted = [...b.cpu].sort((x, y) => x - y).map((x) => x.toFixed(0));
    console.log(
      `${b.name}: median ${median(b.cpu).toFixed(0)} µs a request [${sorted.join(', ')}]`,
    );
  }
} finally {
  for (const b of builds) {
    await stopProcess(b.stack.gatewayProc);
    await stopProcess(b.stack.mockProc);
    rmSync(b.dataDir, { recursive: true, force: true });
  }
}
