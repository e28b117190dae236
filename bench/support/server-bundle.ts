import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './processes.ts';

/**
 * Builds the bundle `npm start` runs (scripts/build-server.mjs) and returns its entry for
 * `startGatewayStack`, so a bench measures the gateway as users start it: plain Node, no tsx loader
 * (~70 MiB of RSS and its own thread's CPU; decision 024).
 */
export function buildServerBundle(): string {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('scripts/build-server.mjs failed');
  return 'apps/server/dist/main.js';
}
