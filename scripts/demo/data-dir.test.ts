import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('`npm run demo -- --data-dir DIR` wipes DIR first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-demo-dir-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder a demo did not make (./data itself, say), and keeps what is in it', () => {
    // `--data-dir ./data` deleted the real server's database and its secret.key without a word.
    writeFileSync(join(dir, 'tokenwise.db'), 'the real one');
    const res = spawnSync(process.execPath, ['--import', 'tsx', MAIN, '--data-dir', dir], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(res.status, 1);
    assert.equal(
      res.stderr.trim(),
      `--data-dir ${dir} holds files a demo did not write (no .tokenwise-demo in it), and the demo wipes it: name a new or empty folder`,
    );
    assert.equal(existsSync(join(dir, 'tokenwise.db')), true);
  });

  it('a bad --count, --port, DEMO_COUNT or PORT is one line naming it, not a stack trace', () => {
    const cases: [string[], Record<string, string>, string][] = [
      [['--count', 'abc'], {}, '--count (or DEMO_COUNT) must be a whole number ≥ 1, not "abc"'],
      [[], { DEMO_COUNT: '0' }, '--count (or DEMO_COUNT) must be a whole number ≥ 1, not "0"'],
      [
        ['--port', '99999'],
        {},
        '--port (or PORT) must be a port number from 0 to 65535, not "99999"',
      ],
      [[], { PORT: 'http' }, '--port (or PORT) must be a port number from 0 to 65535, not "http"'],
    ];
    for (const [args, env, message] of cases) {
      const res = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(res.status, 1, message);
      assert.equal(res.stderr.trim(), message);
    }
  });
});
