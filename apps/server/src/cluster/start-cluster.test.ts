import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('./start-cluster.ts', import.meta.url));

// Nothing is listening at these: a start that got past its checks would fail later, not here.
const needed = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

test('start:cluster answers a mistyped PORT or HEAP_SEMI_SPACE_MIB in one line, before starting instances', () => {
  // Before: PORT=abc started two instances on port NaN and died in a RangeError stack trace;
  // PORT=65535 asked for instances on 65536 and 65537; a bad HEAP_SEMI_SPACE_MIB threw a stack.
  const dir = mkdtempSync(join(tmpdir(), 'tw-cluster-'));
  try {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 1 to 65533 /],
      [{ PORT: '65535' }, /^Invalid configuration: PORT must be a whole number from 1 to 65533 /],
      [{ HEAP_SEMI_SPACE_MIB: 'lots' }, /^Invalid configuration: HEAP_SEMI_SPACE_MIB must be/],
    ];
    for (const [env, line] of cases) {
      const res = spawnSync(process.execPath, ['--import', 'tsx', START], {
        env: { ...process.env, ...needed, DATA_DIR: dir, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(res.status, 1, `${JSON.stringify(env)}: ${res.stderr}`);
      const lines = res.stderr.trim().split('\n');
      assert.equal(lines.length, 1, res.stderr);
      assert.match(lines[0] ?? '', line);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
