#!/usr/bin/env node
// `npm start`: builds the dashboard when its sources are newer than the build, bundles the server
// (scripts/build-server.mjs, about a second) and runs it with plain Node and the flags of
// scripts/server-node-flags.mjs. package.json starts this script with the default flags, so the
// server runs in this process (SIGTERM reaches it directly, and no second Node process holds
// ~44 MiB beside it); only when HEAP_SEMI_SPACE_MIB asks for other flags (V8 takes them only at
// start) does it run in a child, with signals passed on and its exit code returned.
// `--build-only` stops after the dashboard build (the demo starts the server its own way).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSemiSpaceFlag, serverNodeFlags } from './server-node-flags.mjs';

// Checked first: a mistyped HEAP_SEMI_SPACE_MIB stops start-up with one line, as a bad value of
// any other variable does, before a dashboard build or a bundle is spent on it.
let wanted;
try {
  wanted = serverNodeFlags(process.env, []);
} catch (err) {
  console.error(`Invalid configuration: ${err.message}`);
  process.exit(1);
}

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
const server = join(root, 'apps/server/dist/main.js');
const given = process.execArgv.filter(isSemiSpaceFlag);
if (wanted.join(' ') === given.join(' ')) {
  await import(server);
} else {
  const others = process.execArgv.filter((flag) => !isSemiSpaceFlag(flag));
  const child = spawn(process.execPath, [...others, ...wanted, server], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
