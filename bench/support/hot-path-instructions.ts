// A fixed script of cache misses and compressions for instruction counts (decision 214): run it
// under `valgrind --tool=callgrind` with N = 0 and N > 0 and divide the difference by N, which
// does not depend on the machine's load as CPU time does. An engine holds `cached` bench prompts
// (seed 7, as the gateway keys them) and `warm` other prompts are looked up and compressed first,
// so both runs pay the same start-up, loading and compilation; then N more are asked.
//   what=lookup: `lookup` on the gateway's path (0.95), every one a miss;
//   what=compress: `compressMessages` at balanced, counts included, as the gateway calls it;
//   what=both: one of each per prompt.
// Prints a digest of the outcomes so that two builds can be shown to agree. With GATE=<path> set
// it waits for <path>.go before the N and for <path>.stop after them, so that callgrind counts
// only those (`--instr-atstart=no`, then `callgrind_control -i on|off <pid>` in between).
//   node --import tsx bench/support/hot-path-instructions.ts <what> <N> [cached=2000] [warm=600]
// Under valgrind, run an esbuild bundle of it made with scripts/keep-module-urls.mjs (as the server's)
// and `node --single-threaded`: tsx's loader thread would be counted too.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { compressMessages } from '@tokenwise/compression';
import { createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { inputOf } from './cache-input.ts';
import { uniquePrompts } from './unique-prompts.ts';

const [what = 'both', nArg = '0', cachedArg = '2000', warmArg = '600'] = process.argv.slice(2);
const n = Number(nArg);
const doLookup = what !== 'compress';
const doCompress = what !== 'lookup';
const redacted = (next: () => string) => () =>
  next().replace('jane@example.com', '[EMAIL_ADDRESS_1]');

const cache = new SemanticCache({ ...ENGINE_OPTIONS, embedder: createLocalEmbedder() });
const cachedPrompt = redacted(uniquePrompts(7));
for (let i = 0; i < Number(cachedArg); i++) {
  const prepared = await cache.prepare(inputOf(cachedPrompt()));
  cache.insert({
    ...prepared,
    id: `e${i}`,
    expiresAt: Number.POSITIVE_INFINITY,
    payload: { responseJson: '{}' },
  });
}

const asked = redacted(uniquePrompts(11));
const digest = createHash('sha256');
async function one(): Promise<void> {
  const text = asked();
  if (doLookup) {
    const found = await cache.lookup(inputOf(text), { threshold: 0.95 });
    digest.update(`${found.kind} ${found.kind === 'miss' ? (found.best?.similarity ?? '') : ''}\n`);
  }
  if (doCompress) {
    const result = compressMessages([{ role: 'user', content: text }], 'balanced');
    digest.update(`${result.messages[0]?.content}\n`);
  }
}
async function gate(step: string): Promise<void> {
  const path = process.env.GATE;
  if (!path) return;
  console.log(`waiting for ${path}.${step}`);
  while (!existsSync(`${path}.${step}`)) await sleep(50);
}
for (let i = 0; i < Number(warmArg); i++) await one();
await gate('go');
for (let i = 0; i < n; i++) await one();
await gate('stop');
console.log(`${what} ${n}: digest ${digest.digest('hex').slice(0, 16)}`);
