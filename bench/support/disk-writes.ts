// What the gateway writes to disk a request with every stage on (cache miss and store), in
// counts that do not depend on the machine's load (decision 212): N unique requests through the
// bundle `npm start` runs, against the mock upstream on loopback. Per request: the process's
// write_bytes and wchar (/proc/<pid>/io); pwrite64 calls and bytes by file, fsync and fdatasync
// calls (strace on every thread, as root); the WAL file's largest size; and the bytes the
// database keeps for it (dbstat by table and index, after the gateway has stopped).
// The requests are paced (`rate` a second, at most 64 in flight): the log and cache rows are
// written in batches of what arrived within 250-500 ms, so a rate set by the machine's load would
// change the batches' sizes and with them the pages each commit rewrites. strace runs until the
// gateway has exited, so the checkpoint at its close counts: every WAL page reaches the file once.
// `node --import tsx bench/support/disk-writes.ts [requests=3000] [rate=100]`
// (DISK_PORT=n moves the ports n, n+1; DISK_STRACE=0 skips strace; DISK_KEEP=1 keeps the data)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Pool } from 'undici';
import { configureStages, startGatewayStack } from './gateway-stack.ts';
import { runLoad } from './load.ts';
import { ioBytes, stopProcess } from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';
import { uniquePrompts } from './unique-prompts.ts';

const BASE_PORT = Number(process.env.DISK_PORT ?? 19_961);
const requests = Number(process.argv[2] ?? 3000);
const rate = Number(process.argv[3] ?? 100);
const traced = process.env.DISK_STRACE !== '0';

/** The database's pages by table or index, in bytes (SQLite's dbstat). */
function keptBytes(file: string): Map<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name')
      .all() as { name: string; bytes: number }[];
    return new Map(rows.map((r) => [r.name, r.bytes]));
  } finally {
    db.close();
  }
}

function rowCount(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM request_logs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** strace's record of the calls below, every thread of `pid`, file descriptors named (-y). */
function startStrace(pid: number, out: string): ChildProcess {
  return spawn(
    'strace',
    [
      '-f',
      '-qq',
      '-y',
      '-s',
      '0',
      '-e',
      'trace=pwrite64,fsync,fdatasync',
      '-o',
      out,
      '-p',
      `${pid}`,
    ],
    { stdio: 'ignore' },
  );
}

/** Calls and bytes by syscall and file (the path's last part: tokenwise.db, -wal, -shm…). */
function readStrace(out: string): Map<string, { calls: number; bytes: number }> {
  const totals = new Map<string, { calls: number; bytes: number }>();
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const m = /(pwrite64|fsync|fdatasync)\(\d+<([^>]*)>.*= (\d+)$/.exec(line);
    if (!m) continue;
    const [, call, path = '', result] = m;
    const key = `${call} ${path.split('/').pop()}`;
    const t = totals.get(key) ?? { calls: 0, bytes: 0 };
    t.calls += 1;
    if (call === 'pwrite64') t.bytes += Number(result);
    totals.set(key, t);
  }
  return totals;
}

/** `total` requests, one every 1/rate s (skipping a beat while 64 are in flight). */
async function pacedLoad(
  origin: string,
  headers: Record<string, string>,
  body: () => string,
  total: number,
): Promise<{ requests: number; errors: number }> {
  const pool = new Pool(origin, { connections: 64 });
  let inFlight = 0;
  let errors = 0;
  const sent: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; ) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= 64) {
      await new Promise((r) => setTimeout(r, 1));
      continue;
    }
    i += 1;
    inFlight += 1;
    sent.push(
      (async () => {
        try {
          const res = await pool.request({
            method: 'POST',
            path: '/v1/chat/completions',
            headers,
            body: body(),
          });
          await res.body.dump();
          if (res.statusCode !== 200) errors += 1;
        } catch {
          errors += 1;
        } finally {
          inFlight -= 1;
        }
      })(),
    );
  }
  await Promise.all(sent);
  await pool.close();
  return { requests: total, errors };
}

const dataDir = mkdtempSync(join(tmpdir(), 'tw-disk-'));
const dbFile = join(dataDir, 'tokenwise.db');
const stack = await startGatewayStack({
  gatewayEntry: buildServerBundle(),
  mockPort: BASE_PORT,
  gatewayPort: BASE_PORT + 1,
  dataDir,
});
const pid = stack.gatewayProc.pid as number;
try {
  await configureStages(stack, true);
  const nextPrompt = uniquePrompts(17);
  const load = {
    origin: stack.gateway,
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.key}` },
    concurrency: 16,
    body: () =>
      JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: nextPrompt() }],
      }),
  };
  // Warm the gateway (first batches, lazily loaded engines), then let its writes land.
  await runLoad({ ...load, total: 200, maxSeconds: 60 });
  await new Promise((r) => setTimeout(r, 1500));
  const keptBefore = statSync(dbFile).size;
  const straceOut = join(dataDir, 'strace.txt');
  const strace = traced ? startStrace(pid, straceOut) : undefined;
  if (strace) await new Promise((r) => setTimeout(r, 1000));
  let walPeak = 0;
  const sampler = setInterval(() => {
    if (existsSync(`${dbFile}-wal`)) walPeak = Math.max(walPeak, statSync(`${dbFile}-wal`).size);
  }, 50);
  const before = ioBytes(pid);
  const t0 = performance.now();
  const r = await pacedLoad(load.origin, load.headers, load.body, requests);
  const achieved = Math.round(r.requests / ((performance.now() - t0) / 1000));
  // The last batch is written within 500 ms of its first row (decision 051).
  await new Promise((res) => setTimeout(res, 1500));
  const after = ioBytes(pid);
  clearInterval(sampler);
  // The gateway's close checkpoints what the WAL still holds: strace sees it, then ends with it.
  const straceDone = strace ? new Promise((res) => strace.once('exit', res)) : undefined;
  await stopProcess(stack.gatewayProc);
  await straceDone;
  const per = (n: number) => Math.round(n / r.requests);
  console.log(
    `${r.requests} requests paced at ${rate}/s (${achieved}/s reached), ${r.errors} errors | load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `per request during the load (the close's checkpoint not counted here): write_bytes ${per(after.write_bytes - before.write_bytes)} B, wchar ${per(after.wchar - before.wchar)} B | WAL peak ${(walPeak / 1024).toFixed(0)} KiB`,
  );
  if (strace) {
    for (const [key, t] of [...readStrace(straceOut)].sort()) {
      const perK = ((t.calls * 1000) / r.requests).toFixed(1);
      const bytes = t.bytes ? `, ${per(t.bytes)} B/request` : '';
      console.log(
        `  strace, to the close: ${key}: ${t.calls} calls (${perK} per 1,000 requests)${bytes}`,
      );
    }
  }
  const kept = keptBytes(dbFile);
  const rows = rowCount(dbFile);
  console.log(
    `kept: file grew ${per(statSync(dbFile).size - keptBefore)} B/request; by table and index, bytes a logged request (${rows} rows):`,
  );
  for (const [name, bytes] of [...kept].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    console.log(`  ${name}: ${Math.round(bytes / rows)}`);
  }
} finally {
  await stopProcess(stack.gatewayProc);
  await stopProcess(stack.mockProc);
  if (process.env.DISK_KEEP === '1') console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
