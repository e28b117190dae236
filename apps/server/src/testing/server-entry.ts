import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
let built: string | undefined;

/**
 * The server's entry as `npm start` runs it: the bundle of scripts/build-server.mjs, run with plain
 * Node. Built once per test process (about half a second), inside the checkout so that it finds
 * the installed packages, and removed when the process exits. Starting it costs a third of the
 * CPU of `node --import tsx apps/server/src/main.ts`, which suites that start the server several
 * times paid on every start.
 */
export function serverEntry(): string {
  if (built) return built;
  const parent = join(ROOT, 'apps/server/dist');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'test-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'main.js');
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), outfile], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`scripts/build-server.mjs failed: ${result.stderr}`);
  built = outfile;
  return outfile;
}
