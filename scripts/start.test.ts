import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../apps/server/src/testing/wait-for.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// A process manager (docker stop, systemd, a supervisor) signals the process it started: npm.
// npm passes the signal to the shell it ran the script in, and a shell that does not hand the
// signal on would leave the server orphaned, still listening, its queue never drained.
describe('`npm start` stopped with SIGTERM sent to npm alone', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-start-'));
  let npm: ChildProcess | undefined;
  let serverPid = 0;
  after(() => {
    if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (npm?.exitCode === null) npm.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains and stops the server itself, not only npm', async () => {
    let output = '';
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        TOKENWISE_SKIP_BUILD: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = npm;
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const started = await waitFor('the server to listen', () => {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`);
      const line = /"pid":(\d+).*"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      return line ? { pid: Number(line[1]), url: line[2] } : undefined;
    });
    serverPid = started.pid;
    assert.equal((await fetch(`${started.url}/healthz`)).status, 200);

    const npmExit = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await npmExit;
    await waitFor('the server process to exit', () => !alive(serverPid), 20_000);
    assert.match(output, /"signal":"SIGTERM","msg":"draining"/);
    await assert.rejects(fetch(`${started.url}/healthz`));
  });
});

describe('`npm start` with a bad HEAP_SEMI_SPACE_MIB', () => {
  it('prints one line naming the variable and exits 1, before any build', () => {
    const res = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HEAP_SEMI_SPACE_MIB: 'big' },
      encoding: 'utf8',
    });
    assert.equal(res.status, 1);
    assert.equal(
      res.stderr.trim(),
      'Invalid configuration: HEAP_SEMI_SPACE_MIB must be a whole number of MiB from 0 to 1024, not "big"',
    );
    assert.equal(res.stdout, '');
  });
});
