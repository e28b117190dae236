#!/usr/bin/env node
// `npm start`: builds the dashboard when its sources are newer than the build, then runs the
// server (TypeScript through tsx, in this process so SIGTERM reaches it directly).
// `--build-only` stops after the build (the demo starts the server its own way).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

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

register();
await import('../apps/server/src/main.ts');
