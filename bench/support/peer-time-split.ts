// Where a request's time goes when two gateways cost about the same CPU but serve different
// rates (decision 208): the peer bench's bare proxy, Portkey and Tokenwise (every stage on, cache
// miss and store) in front of one mock upstream, JSON at c16 and c64, the variants alternated in
// each round. Per variant and round: requests a second; CPU per request of the gateway (every
// thread, and by thread name), of the mock and of this process (the load generator); the
// gateway's and the mock's main threads as shares of the wall time (on a core, waiting for one,
// neither = idle); and the gateway's open connections to the mock, sampled during the load.
// `node --import tsx bench/support/peer-time-split.ts [rounds=3] [seconds=6]`
// (SPLIT_PORT=n moves the ports n…n+5; SPLIT_VARIANTS picks variants among bare_proxy, portkey, tokenwise_on and
// tokenwise_shm (a second gateway with its database on /dev/shm); SPLIT_PERF=1 adds, as root, the
// milliseconds a second the gateway's main thread spent in waiting syscalls (perf trace);
// SPLIT_CONCURRENCY=16,64)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { portkeyHeaders, startBareProxy, startPortkey } from './peers.ts';
import { cpuSeconds, ioBytes, stopProcess, threadSeconds } from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';
import { uniquePrompts } from './unique-prompts.ts';

const BASE_PORT = Number(process.env.SPLIT_PORT ?? 19_931);
const [MOCK_PORT, GATEWAY_PORT, PROXY_PORT, PORTKEY_PORT] = [0, 1, 2, 3].map((i) => BASE_PORT + i);
const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 6);
const levels = (process.env.SPLIT_CONCURRENCY ?? '16,64').split(',').map(Number);

/** A thread's time on a core and waiting for one, in seconds (Linux schedstat). */
function schedstat(pid: number, tid = pid): { run: number; wait: number } {
  const [run = 0, wait = 0] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
    .split(' ')
    .map(Number);
  return { run: run / 1e9, wait: wait / 1e9 };
}

/** TCP sockets `pid` holds that are connected to `port` on loopback (from /proc/net/tcp). */
function connectionsTo(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m?.[1]) inodes.add(m[1]);
    } catch {
      // Closed meanwhile.
    }
  }
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let n = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // remote address, state 01 = established, inode
      if (f[2]?.endsWith(`:${hex}`) && f[3] === '01' && inodes.has(f[9] ?? '')) n += 1;
    }
  }
  return n;
}

/** Bytes the process had written to disk, and its main thread's voluntary context switches. */
function ioCounters(pid: number): { write_bytes: number; switches: number } {
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  return {
    write_bytes: ioBytes(pid).write_bytes,
    switches: Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0),
  };
}

/**
 * Milliseconds the main thread of `pid` spent in each of the syscalls where a thread waits
 * (`perf trace -s`, root only), over `secs` seconds.
 */
function syscallTimes(pid: number, secs: number): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    const perf = spawn('perf', ['trace', '-s', '-p', String(pid), '--', 'sleep', String(secs)]);
    let out = '';
    perf.stdout.on('data', (d) => (out += d));
    perf.stderr.on('data', (d) => (out += d));
    perf.on('close', () => {
      const section = out
        .split(/\n (?=\S.*\(\d+\), \d+ events)/)
        .find((s) => s.includes(`(${pid}),`));
      const times: Record<string, number> = {};
      for (const name of [
        'epoll_pwait',
        'futex',
        'pwrite64',
        'fsync',
        'fdatasync',
        'writev',
        'read',
      ]) {
        const m = new RegExp(`\\s${name}\\s+\\d+\\s+\\d+\\s+([\\d.]+)`).exec(section ?? '');
        times[name] = Number(m?.[1] ?? 0);
      }
      resolve(times);
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'tw-split-'));
const entry = buildServerBundle();
const stack = await startGatewayStack({
  gatewayEntry: entry,
  mockPort: MOCK_PORT as number,
  gatewayPort: GATEWAY_PORT as number,
  dataDir,
});
const { mock, gateway, mockProc, gatewayProc, key } = stack;
const names = (process.env.SPLIT_VARIANTS ?? 'bare_proxy,portkey,tokenwise_on').split(',');
// SPLIT_VARIANTS with tokenwise_shm: a second Tokenwise with its database on tmpfs (and its own
// mock), the disk's writes and flushes out of the way.
const shmDir = names.includes('tokenwise_shm') ? mkdtempSync(join('/dev/shm', 'tw-split-')) : '';
const shm = shmDir
  ? await startGatewayStack({
      gatewayEntry: entry,
      mockPort: BASE_PORT + 4,
      gatewayPort: BASE_PORT + 5,
      dataDir: shmDir,
    })
  : undefined;
const procs: ChildProcess[] = [];
try {
  const proxyProc = await startBareProxy(PROXY_PORT as number, mock);
  procs.push(proxyProc);
  const portkeyProc = await startPortkey(PORTKEY_PORT as number);
  procs.push(portkeyProc);
  await configureStages(stack, true);
  if (shm) await configureStages(shm, true);
  const json = { 'content-type': 'application/json' };
  const upstreamAuth = { ...json, authorization: 'Bearer sk-bench' };
  const all = {
    bare_proxy: {
      origin: `http://127.0.0.1:${PROXY_PORT}`,
      path: '/chat/completions',
      headers: upstreamAuth,
      model: 'gpt-4o-mini',
      proc: proxyProc,
    },
    portkey: {
      origin: `http://127.0.0.1:${PORTKEY_PORT}`,
      path: '/v1/chat/completions',
      headers: portkeyHeaders(mock, upstreamAuth),
      model: 'gpt-4o-mini',
      proc: portkeyProc,
    },
    tokenwise_on: {
      origin: gateway,
      path: '/v1/chat/completions',
      headers: { ...json, authorization: `Bearer ${key}` },
      model: 'openai/gpt-4o-mini',
      proc: gatewayProc,
      mockProc,
      mockPort: MOCK_PORT as number,
    },
    ...(shm
      ? {
          tokenwise_shm: {
            origin: shm.gateway,
            path: '/v1/chat/completions',
            headers: { ...json, authorization: `Bearer ${shm.key}` },
            model: 'openai/gpt-4o-mini',
            proc: shm.gatewayProc,
            mockProc: shm.mockProc,
            mockPort: BASE_PORT + 4,
          },
        }
      : {}),
  };
  const nextPrompt = uniquePrompts(13);
  console.log(
    `load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const concurrency of levels) {
    for (let round = 0; round < rounds; round++) {
      for (const name of names) {
        const v = all[name as keyof typeof all];
        if (!v) throw new Error(`no variant ${name}`);
        const pid = v.proc.pid as number;
        const mockPid = ('mockProc' in v ? v.mockProc : mockProc).pid as number;
        const upstreamPort = 'mockPort' in v ? v.mockPort : (MOCK_PORT as number);
        const load = {
          origin: v.origin,
          path: v.path,
          headers: v.headers,
          concurrency,
          body: () =>
            JSON.stringify({
              model: v.model,
              messages: [{ role: 'user', content: nextPrompt() }],
            }),
        };
        await runLoad({ ...load, total: 300, maxSeconds: 2 });
        const before = {
          gw: cpuSeconds(pid),
          threads: threadSeconds(pid),
          main: schedstat(pid),
          mock: cpuSeconds(mockPid),
          mockMain: schedstat(mockPid),
          self: process.cpuUsage(),
          io: ioCounters(pid),
        };
        const conns: number[] = [];
        const sampler = setInterval(() => conns.push(connectionsTo(pid, upstreamPort)), 500);
        const traced = process.env.SPLIT_PERF === '1' ? syscallTimes(pid, seconds - 1) : undefined;
        const t0 = performance.now();
        const r = await runLoad({ ...load, total: 1_000_000, maxSeconds: seconds });
        const wall = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        const per = (s: number) => Math.round((s * 1e6) / r.requests);
        const self = process.cpuUsage(before.self);
        const main = schedstat(pid);
        const mockMain = schedstat(mockPid);
        const io = ioCounters(pid);
        const disk = `disk ${Math.round((io.write_bytes - before.io.write_bytes) / r.requests)} B/req, switches ${((io.switches - before.io.switches) / r.requests).toFixed(2)}/req`;
        const share = (x: number) => `${Math.round((100 * x) / wall)}%`;
        const byName = new Map<string, number>();
        for (const [tid, t] of threadSeconds(pid)) {
          if (tid === String(pid)) continue;
          const spent = t.seconds - (before.threads.get(tid)?.seconds ?? 0);
          byName.set(t.name, (byName.get(t.name) ?? 0) + spent);
        }
        const others = [...byName]
          .filter(([, s]) => s > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([n, s]) => `${n} ${per(s)}`)
          .join(', ');
        const run = main.run - before.main.run;
        const wait = main.wait - before.main.wait;
        const mRun = mockMain.run - before.mockMain.run;
        const mWait = mockMain.wait - before.mockMain.wait;
        const calls = traced ? await traced : undefined;
        const blocked = calls
          ? ` | main syscalls ms/s ${Object.entries(calls)
              .map(([n, ms]) => `${n} ${((ms * 1000) / ((seconds - 1) * 1000)).toFixed(0)}`)
              .join(' ')}`
          : '';
        console.log(
          `c${concurrency} r${round} ${name.padEnd(12)} ${r.rps}/s err ${r.errors} | CPU µs/req gw ${per(cpuSeconds(pid) - before.gw)} (main ${per(run)}; ${others}) mock ${per(cpuSeconds(mockPid) - before.mock)} loadgen ${per((self.user + self.system) / 1e6)} | gw main run ${share(run)} wait ${share(wait)} idle ${share(wall - run - wait)} | mock main run ${share(mRun)} wait ${share(mWait)} | upstream conns ${Math.min(...conns)}–${Math.max(...conns)} | ${disk} | load ${loadavg()[0]?.toFixed(1)}${blocked}`,
        );
      }
    }
  }
} finally {
  for (const p of [gatewayProc, ...procs, mockProc]) await stopProcess(p);
  if (shm) for (const p of [shm.gatewayProc, shm.mockProc]) await stopProcess(p);
  rmSync(dataDir, { recursive: true, force: true });
  if (shmDir) rmSync(shmDir, { recursive: true, force: true });
}
