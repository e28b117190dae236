import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * The bare undici proxy bundled, so it runs without tsx's loader thread as the gateway bundle
 * does; written beside the server bundle, so `undici` resolves from the repository's node_modules.
 */
export function bundledBareProxy(): string {
  const bareJs = join(ROOT, 'apps/server/dist/bare-proxy.mjs');
  spawnSync(join(ROOT, 'node_modules/.bin/esbuild'), [
    join(ROOT, 'bench/support/bare-proxy.ts'),
    '--platform=node',
    '--format=esm',
    `--outfile=${bareJs}`,
  ]);
  return bareJs;
}

/**
 * Starts an entry point in its own process and waits until `ready` says so. TypeScript entries
 * run through tsx; a `.js` entry (an installed package's server) runs as it is, with `entryArgs`.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  nodeArgs: string[] = [],
  entryArgs: string[] = [],
  readyWithinMs = 120_000,
): Promise<ChildProcess> {
  const loader = entry.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry, ...entryArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Resident set size of a process in MiB, from /proc. */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Bytes a process has asked to write (wchar) and written to disk (write_bytes) so far, from /proc. */
export function ioBytes(pid: number): { write_bytes: number; wchar: number } {
  const text = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { write_bytes: field('write_bytes'), wchar: field('wchar') };
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  return statSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** User and system CPU seconds (every thread) apart: kernel work (sockets, files) shows as system. */
export function cpuSplit(pid: number | undefined): { user: number; system: number } {
  if (!pid) return { user: 0, system: 0 };
  const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** User and system seconds of a /proc stat line. */
function statSeconds(stat: string): number {
  const fields = statFields(stat);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

// Fields after the command name, which is in parentheses and may hold spaces.
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds of each thread of a process, by thread id, with the thread's name. */
export function threadSeconds(
  pid: number | undefined,
): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  if (!pid) return threads;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      threads.set(tid, { name, seconds: statSeconds(stat) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}
