import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const BUILD = fileURLToPath(new URL('./build-server.mjs', import.meta.url));

describe('the server bundle `npm start` runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-bundle-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('builds, keeps each module its own location and leaves installed packages to Node', () => {
    const outfile = join(dir, 'main.js');
    const built = spawnSync(process.execPath, [BUILD, outfile], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const bundle = readFileSync(outfile, 'utf8');
    // A module reading import.meta would see the bundle's location instead of its source file's.
    assert.equal(bundle.includes('import.meta'), false);
    assert.match(bundle, /apps\/server\/src\/plugins\/web-app\.ts/);
    assert.match(bundle, /from "fastify"/);
  });
});
