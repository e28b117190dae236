#!/usr/bin/env node
// Finds every *.test.ts under apps, packages, scripts and eval (and, unless --no-e2e,
// apps/web/e2e/*.e2e.ts), bundles them (scripts/bundle-tests.mjs) and runs the bundles with node's
// test runner. Node 20's --test takes no globs, so the list is built here. TEST_FROM_SOURCES=1
// runs the TypeScript through tsx instead, as `node --import tsx --test FILE` does for one file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleTests } from './bundle-tests.mjs';
import { databaseReacher } from './reaches-database.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const noE2e = args.includes('--no-e2e');
const onlyE2e = args.includes('--only-e2e');
// The second, PostgreSQL pass: only the server's and the data layer's suites that can open a
// database. Engines, wire formats, the web app's units, evals and the demo (always SQLite) ran in
// the first pass.
const dbOnly = args.includes('--db-only');
const filters = args.filter((a) => !a.startsWith('--'));

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(relative(root, full));
  }
  return out;
}

const all = [
  ...walk(join(root, 'apps')),
  ...walk(join(root, 'packages')),
  ...walk(join(root, 'scripts')),
  ...walk(join(root, 'eval')),
];
const unit = all.filter((f) => f.endsWith('.test.ts'));
const e2e = all.filter((f) => f.endsWith('.e2e.ts'));
let files = onlyE2e ? e2e : noE2e ? unit : [...unit, ...e2e];
// Suites that reach the database only to make the fixture's account and key: what they check is
// the wire (provider formats, streams, upstream faults, headers, body parsing) or the
// configuration, the same whichever database holds that account. Run on PostgreSQL too, they
// cost a third of that pass (about 190 s of a 30-minute CI budget) and cannot fail differently.
// The data layer, the log writer, analytics, keys, teams, alerts, billing, SAML, the cache's rows,
// the fuzzers and every cross-instance suite stay in it.
const SAME_ON_EVERY_DATABASE = [
  'apps/server/src/config/env.test.ts',
  'apps/server/src/config/env-readme.test.ts',
  'apps/server/src/lib/private-files.test.ts',
  'apps/server/src/plugins/json-body.test.ts',
  'apps/server/src/plugins/security-headers.test.ts',
  ...[
    'anthropic',
    'anthropic-fidelity',
    'anthropic-stages',
    'caller-gone',
    'control-headers',
    'gemini-signatures',
    'international',
    'large-prompts',
    'odd-answers',
    'other-providers-wire',
    'pii-every-text',
    'providers',
    'responses-api',
    'routing-targets',
    'sdk-compat',
    'sdk-conformance',
    'sqlite-locked',
    'stream-relay',
    'stream-review',
    'upstream-bounds',
    'upstream-faults',
  ].map((name) => `apps/server/src/gateway/tests/gateway-${name}.test.ts`),
];
if (dbOnly) {
  const gone = SAME_ON_EVERY_DATABASE.filter((f) => !existsSync(join(root, f)));
  if (gone.length) {
    console.error(`SAME_ON_EVERY_DATABASE names files that do not exist: ${gone.join(', ')}`);
    process.exit(1);
  }
  const reachesDatabase = databaseReacher();
  files = files.filter(
    (f) =>
      (f.startsWith('apps/server/') || f.startsWith('packages/db/')) &&
      !SAME_ON_EVERY_DATABASE.includes(f) &&
      reachesDatabase(join(root, f)),
  );
}
if (filters.length) files = files.filter((f) => filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('No test files matched');
  process.exit(1);
}

const fromSources = Boolean(process.env.TEST_FROM_SOURCES);
const bundles = fromSources ? null : await bundleTests(root, files);
process.on('exit', () => bundles?.remove());
process.on('SIGINT', () => process.exit(130));

// TEST_TIMES=FILE also writes each file's time to FILE (the browser runner's to FILE.e2e, the
// PostgreSQL pass's to FILE.db, so that .ci/run's second pass does not overwrite the first's).
const timesFile =
  process.env.TEST_TIMES && (dbOnly ? `${process.env.TEST_TIMES}.db` : process.env.TEST_TIMES);
function runnerArgs(list, concurrency, timesTo = timesFile) {
  const times = timesTo
    ? [
        '--test-reporter-destination=stdout',
        '--test-reporter=./scripts/file-times-reporter.mjs',
        `--test-reporter-destination=${timesTo}`,
      ]
    : [];
  return [
    ...(bundles ? ['--enable-source-maps'] : ['--import', 'tsx']),
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    ...times,
    ...(bundles ? list.map(bundles.bundleOf) : list),
  ];
}
// Password hashes at scrypt N=2^10 instead of 2^15: thousands of sign-ups and sign-ins across the
// suites took minutes of CPU at the production cost. The code path is the same (the cost is stored
// in each hash); lib/crypto.test.ts checks hashes of both costs.
const env = { PASSWORD_HASH_COST: '10', ...process.env, NODE_ENV: 'test' };

// Two unit files at a time beside the two browser files. Three was tried (stop 38): the unit files
// took 1,343 s instead of 1,175-1,256 s on earlier machines; the cores are already full.
const UNIT_BESIDE_BROWSER = Number(process.env.TEST_CONCURRENCY) || 2;
const unitFiles = files.filter((f) => !f.endsWith('.e2e.ts'));
const e2eFiles = files.filter((f) => f.endsWith('.e2e.ts'));
if (unitFiles.length === 0 || e2eFiles.length === 0) {
  const result = spawnSync(process.execPath, runnerArgs(files, 2), {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  process.exit(result.status ?? 1);
}

// Both kinds: the browser files run beside the others in a second runner. A browser test spends
// most of its time waiting for a page to render or a response to come back, so on two cores it
// leaves half the CPU idle; beside the CPU-bound suites it uses that half and the whole run ends
// minutes sooner. Its report is held and printed after the first runner's, so the two do not
// interleave line by line.
const browser = spawn(process.execPath, runnerArgs(e2eFiles, 2, timesFile && `${timesFile}.e2e`), {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env,
});
const held = [];
browser.stdout.on('data', (chunk) => held.push(chunk));
browser.stderr.on('data', (chunk) => held.push(chunk));
const browserDone = new Promise((resolve) => browser.on('close', (code) => resolve(code ?? 1)));

const unitDone = new Promise((resolve) => {
  const unit = spawn(process.execPath, runnerArgs(unitFiles, UNIT_BESIDE_BROWSER), {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  unit.on('close', (code) => resolve(code ?? 1));
});
const unitStatus = await unitDone;
console.log(`\n=== browser tests (${e2eFiles.length} files, run beside the others) ===`);
const browserStatus = await browserDone;
process.stdout.write(Buffer.concat(held));
console.log(
  `=== unit and API tests: ${unitStatus === 0 ? 'passed' : 'FAILED'}; browser tests: ${browserStatus === 0 ? 'passed' : 'FAILED'} ===`,
);
process.exit(unitStatus === 0 && browserStatus === 0 ? 0 : 1);
