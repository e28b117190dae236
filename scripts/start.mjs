#!/usr/bin/env node
// `npm start`: builds the dashboard when its sources are newer than the build, bundles the server
// (scripts/build-server.mjs, about a second) and runs it with plain Node, in this process so
// SIGTERM reaches it directly. `--build-only` stops after the dashboard build (the demo starts the
// server its own way).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const st = statSync(full);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(full) : st.mtimeMs);
  }
  return newest;
}

const needsBuild =
  !existsSync(builtIndex) ||
  newestMtime(join(web, 'src')) > statSync(builtIndex).mtimeMs ||
  newestMtime(join(root, 'packages/contracts/src')) > statSync(builtIndex).mtimeMs;
if (needsBuild && !process.env.TOKENWISE_SKIP_BUILD) {
  console.log('Building the dashboard…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tokenwise/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (process.argv.includes('--build-only')) process.exit(0);

// Bundled on every start, in a process of its own: the bundler's service process then exits
// instead of staying beside the server, and a stale bundle can never run.
const bundle = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
  stdio: 'inherit',
});
if (bundle.status !== 0) process.exit(bundle.status ?? 1);
await import('../apps/server/dist/main.js');
