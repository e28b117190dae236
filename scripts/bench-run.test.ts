import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('../bench/run.mjs', import.meta.url));

describe('`npm run bench -- <name>`', () => {
  it('a name no bench matches fails and lists the names, instead of running nothing with exit 0', () => {
    const res = spawnSync(process.execPath, [RUN, 'gatway'], { encoding: 'utf8' });
    assert.equal(res.status, 1);
    assert.match(res.stderr, /^No bench matches "gatway"\. Benches: .*\bgateway\b.*\bsoak\b/);
  });
});
