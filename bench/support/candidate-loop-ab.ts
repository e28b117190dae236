// The cache lookup's candidate loop, two builds in one process (decision 211): each build's
// `SemanticCache` (a `git archive` copy's packages/semantic-cache/src, and this tree's) holds the
// same entries, and rounds alternate A B A B over the same lookups on the gateway's path
// (`nearestOnMiss: false`, 0.95): the cached side of the tuning pairs (never a held-out half) and
// bench prompts in one engine, then those pairs' queries and more bench prompts. Prints µs per
// lookup for misses and hits, the load average, and whether the builds' results agree.
// `node --import tsx bench/support/candidate-loop-ab.ts <baseDir> [rounds=6]`
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { readIndependentPairs, TUNING_HALVES } from '../../eval/cache/independent-pairs.ts';
import { readPairs } from '../../eval/cache/pairs.ts';
import { inputOf } from './cache-input.ts';
import { uniquePrompts } from './unique-prompts.ts';

type Module = typeof import('@tokenwise/semantic-cache');
const baseDir = process.argv[2];
const rounds = Number(process.argv[3] ?? 6);
// 'bench': 3,000 bench prompts cached, 1,500 new ones asked (the gateway bench's misses);
// 'eval': the tuning pairs with 600 bench prompts.
const set = process.argv[4] ?? 'eval';
if (!baseDir) throw new Error('usage: candidate-loop-ab.ts <baseDir> [rounds]');
const base = (await import(
  pathToFileURL(resolve(baseDir, 'packages/semantic-cache/src/index.ts')).href
)) as Module;
const branch = (await import('@tokenwise/semantic-cache')) as Module;

const pairs = [readPairs(), ...TUNING_HALVES.map((h) => readIndependentPairs(h))].flat();
const next = uniquePrompts(7);
const bench = () => next().replace('jane@example.com', '[EMAIL_ADDRESS_1]');
const cachedTexts =
  set === 'bench' ? [] : [...new Set(pairs.filter((_, i) => i % 4 === 0).map((p) => p.cached))];
const queries = set === 'bench' ? [] : pairs.filter((_, i) => i % 4 === 0).map((p) => p.query);
for (let i = 0; i < (set === 'bench' ? 3_000 : 600); i++) cachedTexts.push(bench());
for (let i = 0; i < (set === 'bench' ? 1_500 : 600); i++) queries.push(bench());

async function engineOf(mod: Module): Promise<SemanticCache> {
  const cache = new mod.SemanticCache({ ...ENGINE_OPTIONS, embedder: mod.createLocalEmbedder() });
  let id = 0;
  for (const text of cachedTexts) {
    const p = await cache.prepare(inputOf(text));
    cache.insert({
      ...p,
      id: `e${++id}`,
      expiresAt: Number.POSITIVE_INFINITY,
      payload: { responseJson: '{}' },
    });
  }
  return cache;
}
const builds = [
  { name: 'base', cache: await engineOf(base) },
  { name: 'branch', cache: await engineOf(branch) },
];

async function round(cache: SemanticCache) {
  let miss = 0;
  let hit = 0;
  let misses = 0;
  let hits = 0;
  const shown: string[] = [];
  const cpu = process.cpuUsage();
  for (const text of queries) {
    // A fresh input each time, so no keys are remembered from the last round; the embedding
    // memo (64 texts) is smaller than the query list, so each lookup embeds as the gateway's does.
    const input = inputOf(text);
    const t = process.hrtime.bigint();
    const r = await cache.lookup(input, { threshold: 0.95, nearestOnMiss: false });
    const us = Number(process.hrtime.bigint() - t) / 1000;
    if (r.kind === 'miss') {
      miss += us;
      misses++;
    } else {
      hit += us;
      hits++;
    }
    shown.push(r.kind === 'miss' ? 'm' : `${r.kind} ${r.entry.id} ${r.similarity} ${r.verified}`);
  }
  const used = process.cpuUsage(cpu);
  return {
    cpu: (used.user + used.system) / queries.length,
    miss: miss / misses,
    hit: hit / Math.max(hits, 1),
    misses,
    hits,
    shown: shown.join('\n'),
  };
}
const figures: Record<string, { miss: number[]; hit: number[]; cpu: number[] }> = {};
let same = true;
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  const results: Record<string, Awaited<ReturnType<typeof round>>> = {};
  for (const b of order) results[b.name] = await round(b.cache);
  if (results.base?.shown !== results.branch?.shown) same = false;
  const line = [`round ${r + 1} load ${loadavg()[0]?.toFixed(1)}`];
  for (const b of builds) {
    const f = results[b.name];
    if (!f) continue;
    const kept = figures[b.name] ?? { miss: [], hit: [], cpu: [] };
    figures[b.name] = kept;
    kept.miss.push(f.miss);
    kept.cpu.push(f.cpu);
    kept.hit.push(f.hit);
    line.push(
      `${b.name} CPU ${f.cpu.toFixed(1)} µs, miss ${f.miss.toFixed(1)} µs (${f.misses}) hit ${f.hit.toFixed(1)} µs (${f.hits})`,
    );
  }
  console.log(line.join(' | '));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const b of builds)
  console.log(
    `${b.name}: median CPU ${median(figures[b.name]?.cpu ?? []).toFixed(1)} µs a lookup, miss ${median(figures[b.name]?.miss ?? []).toFixed(1)} µs, hit ${median(figures[b.name]?.hit ?? []).toFixed(1)} µs`,
  );
console.log(`same results: ${same}`);
