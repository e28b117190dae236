import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('`npm run mock-upstream`', () => {
  it('refuses a PORT that is not a port with one line naming it, not a stack trace', () => {
    for (const bad of ['abc', '99999', '-1', '80.5']) {
      const res = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
        env: { PATH: process.env.PATH ?? '', PORT: bad },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(res.status, 1, bad);
      assert.equal(
        res.stderr.trim(),
        `Invalid configuration: PORT must be a port number from 0 to 65535 (the mock upstream's, default 9999), not "${bad}"`,
      );
    }
  });
});
