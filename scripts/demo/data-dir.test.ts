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
});
