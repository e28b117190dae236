#!/usr/bin/env node
// What `npm test` runs before the tests: both typechecks, the linter and the dashboard's build.
// tsc uses one core, so the server's typecheck runs beside the web app's typecheck, lint and
// build (which the browser tests need) instead of before them. Each lane's output is printed
// whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const lanes = [
  [['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit']],
  [
    ['npx', 'tsc', '-p', 'apps/web/tsconfig.json', '--noEmit'],
    ['npx', 'biome', 'check', '--error-on-warnings', '.'],
    ['npm', 'run', 'build'],
  ],
];

function run([cmd, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (err) => resolve({ code: 1, output: `${err.message}\n` }));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(out).toString() }),
    );
  });
}

async function runLane(steps) {
  for (const step of steps) {
    const started = Date.now();
    const { code, output } = await run(step);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`\n> ${step.join(' ')} (${seconds} s)\n${output}`);
    if (code !== 0) return false;
  }
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
