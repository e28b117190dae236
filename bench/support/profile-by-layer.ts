// Self time of a kept profile (profile-gateway.ts … bundleprof, PROFILE_KEEP) by layer of the
// stages-off request: the kernel's write, Node's HTTP and streams, undici, Fastify, body parsing
// and validation, auth and quota, the log, the sampled difficulty, the rest of our code (decision
// 241). The bundle's lines are put back in their source files by esbuild's `// path` comments.
// Shares are of busy samples (idle left out), in the measured load only; US=n also prints each
// layer's part of n µs a request (the CPU a request the peer bench measured).
// `node --import tsx bench/support/profile-by-layer.ts <profile> [bundle=apps/server/dist/main.js]`
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [profilePath, bundlePath = 'apps/server/dist/main.js'] = process.argv.slice(2);
if (!profilePath) throw new Error('usage: profile-by-layer.ts <profile> [bundle]');
const { loadSeconds } = JSON.parse(readFileSync(`${profilePath}.json`, 'utf8')) as {
  loadSeconds: number;
};
const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as Profile;

// Where each source file starts in the bundle, in line order.
const starts: [number, string][] = [];
readFileSync(bundlePath, 'utf8')
  .split('\n')
  .forEach((line, i) => {
    const file = /^\/\/ ((?:apps|packages)\/\S+)$/.exec(line)?.[1];
    if (file) starts.push([i, file]);
  });
function sourceOf(line: number): string {
  let lo = 0;
  let hi = starts.length - 1;
  let found = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [at, file] = starts[mid] as [number, string];
    if (at <= line) {
      found = file;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A sample's frame: its function, its URL, and the source file when it is the bundle's. */
type Frame = { fn: string; url: string; file: string };
const LAYERS: [string, (f: Frame) => boolean][] = [
  ['kernel write (writev)', (f) => f.fn === 'writev'],
  ['garbage collector', (f) => f.fn === '(garbage collector)'],
  [
    'V8 (program), microtask runner, unnamed native',
    (f) =>
      f.fn === '(program)' || f.fn === 'runMicrotasks' || (f.url === '' && !/^wasm/.test(f.fn)),
  ],
  [
    'Fastify: routing, hooks, reply, serialize; pino; our hooks and route',
    (f) =>
      /node_modules\/(fastify|find-my-way|@fastify|avvio|fast-json-stringify|pino|sonic-boom|toad-cache|fast-querystring|abstract-logging)\//.test(
        f.url,
      ) ||
      /src\/(app\.ts|plugins\/(security-headers|error-handler|auth)|gateway\/(cors|routes)\.ts|gateway\/log\/read-your-writes)/.test(
        f.file,
      ),
  ],
  [
    'body read, JSON parse, shape check, zod validation, control headers',
    (f) =>
      /node_modules\/(secure-json-parse|zod)\//.test(f.url) ||
      /src\/(plugins\/(read-body|json-body)|lib\/(json-shape|parse-json)|gateway\/wire\/(chat-request|parse-request|control-headers))/.test(
        f.file,
      ),
  ],
  [
    'auth, account, quota, target, model lookup',
    (f) =>
      /(stages\/(authenticate|check-quota|resolve-target|sample-baseline|limit-optimizations)|gateway\/accounts\/|lib\/crypto|pricing\/src\/(resolve-model|capabilities))/.test(
        f.file,
      ),
  ],
  [
    'upstream call (undici, llhttp, our client and provider adapter)',
    (f) =>
      /node_modules\/undici\//.test(f.url) ||
      f.url.startsWith('wasm') ||
      /^wasm/.test(f.fn) ||
      /gateway\/(upstream|providers)\/|stages\/dispatch/.test(f.file),
  ],
  [
    'log row, writer, SQLite insert, rollups, prices',
    (f) =>
      /node_modules\/(better-sqlite3|kysely)\//.test(f.url) ||
      /gateway\/log\/|rollup|usage|packages\/db\/|pricing\/src\/(price|cost)|request\/message-text/.test(
        f.file,
      ),
  ],
  [
    'difficulty sample (1 request in 10, scored as the row is written)',
    (f) =>
      /packages\/difficulty|count-pieces|count-in-slices|tokens\.ts|count-prompt|route-model/.test(
        f.file,
      ),
  ],
  ['pipeline, context, ids, other own code', (f) => f.file !== ''],
  ['Node: HTTP server, streams, net, timers, events', (f) => f.url.startsWith('node:')],
  ['other', () => true],
];

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
let t = 0;
const times = profile.timeDeltas.map((d) => {
  t += d;
  return t;
});
// The same window as profile-gateway.ts: the load, without start-up and shutdown.
const end = t - 300_000;
const start = end - loadSeconds * 1_000_000;
const counts = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const at = times[i] ?? 0;
  const frame = byId.get(id)?.callFrame;
  if (at < start || at > end || !frame || frame.functionName === '(idle)') return;
  busy += 1;
  const f: Frame = {
    fn: frame.functionName,
    url: frame.url,
    file: frame.url.endsWith('/dist/main.js') ? sourceOf(frame.lineNumber) : '',
  };
  const layer = LAYERS.find(([, holds]) => holds(f))?.[0] ?? 'other';
  counts.set(layer, (counts.get(layer) ?? 0) + 1);
});
const us = Number(process.env.US ?? 0);
console.log(`${busy} busy samples`);
for (const [layer, n] of [...counts].sort((a, b) => b[1] - a[1])) {
  const part = us ? ` | ${((us * n) / busy).toFixed(0)} µs` : '';
  console.log(`| ${layer} | ${((100 * n) / busy).toFixed(1)}%${part} |`);
}
