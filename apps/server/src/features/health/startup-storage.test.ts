import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { serverEntry } from '../../testing/server-entry.ts';
import { mountTinyDisk } from '../../testing/tiny-disk.ts';

const ROOT = new URL('../../../../../', import.meta.url).pathname;
const disk = mountTinyDisk(4);

/** Runs `npm start`'s entry point until it exits; answers its exit code and what it printed. */
function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  // A start-up that hangs is killed (code null) rather than holding the suite for good.
  const hung = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(hung);
      resolve({ code, output });
    }),
  );
}

const KEY = Buffer.alloc(32, 9).toString('base64');

/**
 * A data dir the server cannot write: it stops at once (no hang) with a message naming DATA_DIR
 * and the reason. Before, it printed the raw errno ("ENOENT: no such file or directory, mkdir",
 * "EROFS: read-only file system, open …/secret.key", "database or disk is full").
 */
describe('start on a data dir that cannot be written', {
  skip: !disk && 'needs a tmpfs mount (root)',
}, () => {
  after(() => {
    disk?.readOnly(false);
    disk?.free();
    disk?.unmount();
  });

  test('read-only file system: DATA_DIR to be made, or made and empty', async () => {
    if (!disk) return;
    mkdirSync(join(disk.dir, 'made'), { mode: 0o700 });
    disk.readOnly(true);
    try {
      for (const env of <Record<string, string>[]>[
        { DATA_DIR: join(disk.dir, 'to-make') },
        { DATA_DIR: join(disk.dir, 'made') },
        { DATA_DIR: join(disk.dir, 'made'), ENCRYPTION_KEY: KEY },
      ]) {
        const { code, output } = await startServer(env);
        assert.equal(code, 1, output);
        assert.match(output, new RegExp(`DATA_DIR \\(${env.DATA_DIR}\\)`), output);
        assert.match(output, /read-only/, output);
      }
    } finally {
      disk.readOnly(false);
    }
  });

  test('full disk: a fresh DATA_DIR (the key file, then the database)', async () => {
    if (!disk) return;
    disk.fill();
    try {
      for (const env of <Record<string, string>[]>[
        { DATA_DIR: join(disk.dir, 'fresh') },
        { DATA_DIR: join(disk.dir, 'fresh-with-key'), ENCRYPTION_KEY: KEY },
      ]) {
        const { code, output } = await startServer(env);
        assert.equal(code, 1, output);
        assert.match(output, new RegExp(`DATA_DIR \\(${env.DATA_DIR}\\)`), output);
        assert.match(output, /disk is full/, output);
      }
    } finally {
      disk.free();
    }
  });
});

/**
 * A special folder that takes no files (/proc): Node's recursive mkdir of `/proc/tokenwise/data`
 * never returned, so start-up hung; `/proc` itself printed the bare 'ENOENT: no such file or
 * directory, open '/proc/secret.key''. Now one line names DATA_DIR and why.
 */
test('DATA_DIR in /proc stops start-up at once, naming DATA_DIR and the cause', {
  skip: !existsSync('/proc/self') && 'needs /proc',
}, async () => {
  for (const env of <Record<string, string>[]>[
    { DATA_DIR: '/proc/tokenwise/data' },
    { DATA_DIR: '/proc/tokenwise/data', ENCRYPTION_KEY: KEY },
    { DATA_DIR: '/proc' },
    { DATA_DIR: '/proc', ENCRYPTION_KEY: KEY },
  ]) {
    const { code, output } = await startServer(env);
    assert.equal(code, 1, output);
    assert.equal(output.trim().split('\n').length, 1, output);
    assert.match(
      output,
      new RegExp(`^Cannot write to DATA_DIR \\(${env.DATA_DIR}\\): .*special file system`),
      output,
    );
  }
});
