// System calls per stages-off JSON request, the gateway bundle against the bare undici proxy: kernel
// time counts in a process's CPU but not in callgrind's instructions (decision 217). Each process
// runs natively; after a warm-up strace is attached to every thread for `requests` requests, then
// detached, and its log is counted by call and by thread (main thread, the rest).
// `node --import tsx bench/support/syscalls-per-request.ts [requests=500] [warmup=2000] [gateway|bare|both]`
// (SYSCALL_PORT=n uses ports n to n+2; SYSCALL_ENTRY=file measures that bundle instead of
// apps/server/dist/main.js; SYSCALL_CONCURRENCY, default 16; SYSCALL_KEEP=dir keeps the logs.)
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { bundledBareProxy, ROOT, startProcess, stopProcess } from './processes.ts';
import { uniquePrompts } from './unique-prompts.ts';

const requests = Number(process.argv[2] ?? 500);
const warmup = Number(process.argv[3] ?? 2000);
const which = process.argv[4] ?? 'both';
const port = Number(process.env.SYSCALL_PORT ?? 19_981);
const entry = resolve(process.env.SYSCALL_ENTRY ?? join(ROOT, 'apps/server/dist/main.js'));
const dataDir = mkdtempSync(join(tmpdir(), 'tw-syscalls-'));

const stack = await startGatewayStack({
  mockPort: port,
  gatewayPort: port + 1,
  dataDir,
  gatewayEntry: entry,
  gatewayEnv: { PASSWORD_HASH_COST: '10' },
});
await configureStages(stack, false);

const nextPrompt = uniquePrompts(13);
// The model as each is called in the peer bench: the gateway names the provider, the proxy does not.
const bodyFor = (model: string) => () =>
  JSON.stringify({ model, messages: [{ role: 'user', content: nextPrompt() }] });

/** Calls a strace log holds, by name, for the main thread (`pid`) and for the others. */
function countLog(file: string, pid: number) {
  const main = new Map<string, number>();
  const rest = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\d+)\s+(?:<\.\.\. )?(\w+)(?:\(| resumed>)/.exec(line);
    if (!m || line.includes(' resumed>')) continue;
    const into = Number(m[1]) === pid ? main : rest;
    into.set(m[2] as string, (into.get(m[2] as string) ?? 0) + 1);
  }
  return { main, rest };
}

async function measure(
  name: string,
  child: ChildProcess,
  origin: string,
  path: string,
  auth: string,
  model: string,
) {
  const load = {
    origin,
    path,
    headers: {
      'content-type': 'application/json',
      authorization: auth,
      'x-tokenwise-optimization-level': 'off',
    },
    body: bodyFor(model),
    concurrency: Number(process.env.SYSCALL_CONCURRENCY ?? 16),
    maxSeconds: 600,
  };
  await runLoad({ ...load, total: warmup });
  const log = join(dataDir, `${name.replace(/\W/g, '-')}.strace`);
  const strace = spawn('strace', ['-f', '-qq', '-o', log, '-p', String(child.pid)], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 1000));
  const r = await runLoad({ ...load, total: requests });
  strace.kill('SIGINT');
  await new Promise((r) => strace.once('exit', r));
  const { main, rest } = countLog(log, child.pid ?? 0);
  const per = (n: number) => (n / r.requests).toFixed(2);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${name}: ${r.requests} requests (errors ${r.errors}); a request: main thread ${per(total(main))}, other threads ${per(total(rest))} calls`,
  );
  for (const [label, m] of [
    ['  main', main],
    ['  other', rest],
  ] as const) {
    const top = [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`${label}: ${top.map(([k, v]) => `${k} ${per(v)}`).join(', ')}`);
  }
}

try {
  if (which !== 'bare') {
    await measure(
      'gateway',
      stack.gatewayProc,
      stack.gateway,
      '/v1/chat/completions',
      `Bearer ${stack.key}`,
      'openai/gpt-4o-mini',
    );
  }
  if (which !== 'gateway') {
    const bareJs = bundledBareProxy();
    const barePort = port + 2;
    const bare = await startProcess(
      bareJs,
      { PORT: String(barePort), TARGET: `${stack.mock}/openai/v1` },
      async () => (await fetch(`http://127.0.0.1:${barePort}/models`)).status < 500,
    );
    await measure(
      'bare proxy',
      bare,
      `http://127.0.0.1:${barePort}`,
      '/chat/completions',
      'Bearer sk-bench',
      'gpt-4o-mini',
    );
    await stopProcess(bare);
  }
} finally {
  await stopProcess(stack.gatewayProc);
  await stopProcess(stack.mockProc);
  if (process.env.SYSCALL_KEEP) cpSync(dataDir, process.env.SYSCALL_KEEP, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
}
