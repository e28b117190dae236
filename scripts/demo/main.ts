// `npm run demo [-- --count N --port P]`: a Tokenwise whose every screen has real data. The
// traffic goes through the real gateway against the mock upstream; ./data/demo is wiped first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: process.env.DEMO_COUNT ?? '2000' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'data-dir': { type: 'string', default: process.env.DEMO_DATA_DIR ?? './data/demo' },
    exit: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const port = Number(values.port);
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!/^\d+$/.test(values.count.trim()) || count < 1)
  refuse(`--count (or DEMO_COUNT) must be a whole number ≥ 1, not "${values.count}"`);
if (!/^\d+$/.test(values.port.trim()) || port > 65535)
  refuse(`--port (or PORT) must be a port number from 0 to 65535, not "${values.port}"`);
const dataDir = resolve(values['data-dir']);
// The folder is wiped on each run: only one this demo made (marked), an empty one or a new one,
// never ./data itself or a folder of other files named by a slip.
const MARK = '.tokenwise-demo';
const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
// (./data/demo, the default, is the demo's own: runs before the mark wrote none.)
const ownDefault = dataDir === resolve('./data/demo');
if (entries.length > 0 && !entries.includes(MARK) && !ownDefault) {
  refuse(
    `--data-dir ${dataDir} holds files a demo did not write (no ${MARK} in it), and the demo wipes it: name a new or empty folder`,
  );
}

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: new URL('../../', import.meta.url).pathname,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
writeFileSync(join(dataDir, MARK), 'Made by npm run demo, which wipes this folder on each run.\n', {
  mode: 0o600,
});
// Loaded only now: a mistyped flag is answered before the whole server is compiled and loaded.
const { runDemo } = await import('./run-demo.ts');
console.log(`Starting the mock upstream and the server (data in ${dataDir})…`);
const started = performance.now();
let shown = 0;
const demo = await runDemo({
  count,
  port,
  dataDir,
  alertWaitMs: 15_000,
  onProgress(done, total) {
    const percent = Math.floor((done / total) * 10) * 10;
    if (percent > shown || done === total) {
      shown = percent;
      console.log(`  ${done}/${total} requests sent`);
    }
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const { account, tally } = demo;
console.log(`
Demo ready in ${seconds} s: ${tally.sent} requests (${tally.cacheHits} cache hits, ${tally.failed} upstream errors, ${tally.votes.length} votes)${demo.alertFired ? '; an alert fired' : ''}.

  Dashboard   ${demo.url}
  Sign in     ${account.email} / ${account.password}
  Teammate    ${account.teammate.email} / ${account.teammate.temporaryPassword ?? '(existing user)'}
  Gateway key ${account.gatewayKey}   (base URL ${demo.url}/v1)
`);

if (values.exit) await demo.close();
else {
  console.log('Press Ctrl-C to stop.');
  const stop = () => void demo.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
