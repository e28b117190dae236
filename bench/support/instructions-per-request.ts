// Instructions per stages-off JSON request, the gateway bundle and the bare undici proxy, counted by
// valgrind's callgrind: a machine's load changes CPU time, not the instructions a request runs.
// Each process runs under callgrind with counting off; after a warm-up it is switched on, and two
// windows of `requests` requests (c4) are counted, each dumped on its own, main thread and all
// threads (V8's compiler and collector threads) apart. The account is set up by a native gateway
// first, which then stops: the counted one opens the same database.
// `node --import tsx bench/support/instructions-per-request.ts [requests=1000] [warmup=3000] [gateway|bare|both]`
// Under valgrind a request takes 50-100x its time, so work done per second (the log's flush every
// LOG_FLUSH_MS, timers, the account memo's reads) falls on each request 50-100x as heavily: set
// LOG_FLUSH_MS=5000 and a higher INSTR_CONCURRENCY (default 4) to shrink it, and compare builds
// measured side by side only (decision 171 saw 2x between runs of one build).
// (INSTR_PORT=n uses ports n to n+2; INSTR_ENTRY=file measures that bundle, e.g. a base build
// written with `node scripts/build-server.mjs <file>`, instead of apps/server/dist/main.js.)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { bundledBareProxy, ROOT, stopProcess } from './processes.ts';
import { uniquePrompts } from './unique-prompts.ts';

const requests = Number(process.argv[2] ?? 1000);
const warmup = Number(process.argv[3] ?? 3000);
const which = process.argv[4] ?? 'both';
const port = Number(process.env.INSTR_PORT ?? 19_971);
const entry = resolve(process.env.INSTR_ENTRY ?? join(ROOT, 'apps/server/dist/main.js'));
const dataDir = mkdtempSync(join(tmpdir(), 'tw-instr-'));
const outDir = join(dataDir, 'callgrind');
mkdirSync(outDir);

const stack = await startGatewayStack({
  mockPort: port,
  gatewayPort: port + 1,
  dataDir,
  gatewayEntry: entry,
  gatewayEnv: { PASSWORD_HASH_COST: '10' },
});
await configureStages(stack, false);
await stopProcess(stack.gatewayProc);

const nextPrompt = uniquePrompts(13);
const body = () =>
  JSON.stringify({
    model: 'openai/gpt-4o-mini',
    messages: [{ role: 'user', content: nextPrompt() }],
  });

/** Starts `args` under callgrind (counting off) and waits until `url` answers. */
async function underCallgrind(args: string[], env: Record<string, string>, url: string) {
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${outDir}/cg.%p`,
      `--log-file=${outDir}/valgrind.%p.log`,
      process.execPath,
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited under valgrind`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${args.at(-1)} did not start under valgrind`);
}

/** Instructions in the dumps numbered `part`, main thread (thread 1) and all threads. */
function counted(pid: number, part: number): { main: number; all: number } {
  let main = 0;
  let all = 0;
  const suffix = new RegExp(`^cg\\.${pid}\\.${part}-(\\d+)$`);
  for (const f of readdirSync(outDir)) {
    const thread = suffix.exec(f)?.[1];
    if (!thread) continue;
    const text = readFileSync(join(outDir, f), 'utf8');
    const n = Number(/^(?:summary|totals): (\d+)/m.exec(text)?.[1] ?? 0);
    all += n;
    if (Number(thread) === 1) main += n;
  }
  return { main, all };
}

async function measure(
  name: string,
  origin: string,
  path: string,
  auth: string,
  child: { pid: number; host: string | undefined },
) {
  const load = {
    origin,
    path,
    headers: {
      'content-type': 'application/json',
      authorization: auth,
      'x-tokenwise-optimization-level': 'off',
    },
    body,
    concurrency: Number(process.env.INSTR_CONCURRENCY ?? 4),
    maxSeconds: 3_600,
  };
  const warm = await runLoad({ ...load, total: warmup });
  const control = (flag: string) => {
    // vgdb names its pipes after $HOST, which the gateway's own HOST (its listen address) sets.
    const done = spawnSync('callgrind_control', [flag, String(child.pid)], {
      encoding: 'utf8',
      env: { ...process.env, HOST: child.host ?? '' },
    });
    if (!done.stdout.includes('OK')) throw new Error(`callgrind_control ${flag}: ${done.stdout}`);
  };
  control('--instr=on');
  for (let part = 1; part <= 2; part += 1) {
    const started = performance.now();
    const r = await runLoad({ ...load, total: requests });
    control('--dump');
    const { main, all } = counted(child.pid, part);
    const k = (n: number) => `${Math.round(n / r.requests / 1000)} k`;
    console.log(
      `${name} window ${part}: ${r.requests} requests (errors ${r.errors + warm.errors}) in ${Math.round((performance.now() - started) / 1000)} s, load ${loadavg()[0]?.toFixed(1)}: main thread ${k(main)}, all threads ${k(all)} instructions a request`,
    );
  }
  control('--instr=off');
}

try {
  if (which !== 'bare') {
    const gatewayEnv = {
      PASSWORD_HASH_COST: '10',
      PORT: String(port + 1),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: `${stack.mock}/openai/v1`,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    const gateway = await underCallgrind(
      [...serverNodeFlags(process.env, []), entry],
      gatewayEnv,
      `${stack.gateway}/healthz`,
    );
    await measure('gateway', stack.gateway, '/v1/chat/completions', `Bearer ${stack.key}`, {
      pid: gateway.pid ?? 0,
      host: gatewayEnv.HOST,
    });
    await stopProcess(gateway);
  }
  if (which !== 'gateway') {
    const bareJs = bundledBareProxy();
    const barePort = port + 2;
    const bare = await underCallgrind(
      [bareJs],
      { PORT: String(barePort), TARGET: `${stack.mock}/openai/v1`, HOST: '127.0.0.1' },
      `http://127.0.0.1:${barePort}/models`,
    );
    await measure(
      'bare proxy',
      `http://127.0.0.1:${barePort}`,
      '/chat/completions',
      'Bearer sk-bench',
      {
        pid: bare.pid ?? 0,
        host: '127.0.0.1',
      },
    );
    await stopProcess(bare);
  }
} finally {
  await stopProcess(stack.mockProc);
  // INSTR_KEEP=dir keeps the dumps there, for callgrind_annotate (native frames and V8's builtins
  // are named; JIT-compiled JavaScript is not).
  if (process.env.INSTR_KEEP) cpSync(outDir, process.env.INSTR_KEEP, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
}
