// The cache's two lookup modes side by side (decision 144): every lookup made with the default
// (misses explained, as the preview and the evals ask) and with `nearestOnMiss: false` (the
// gateway's request path) on the same engine state, which must give the same hits (kind, entry,
// similarity, verified) and a bare miss. Pairs of eval/data/cache/pairs.jsonl and of the tuning
// files (never the held-out halves), one pair per engine at four thresholds and each set in one
// engine, then the benches' prompts in a row. Prints a digest of the default mode's results
// (misses' nearest candidates included), to compare two builds.
// `node --import tsx bench/support/cache-lookup-modes.ts [benchPrompts=5000]`
import { createHash } from 'node:crypto';
import { createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { ENGINE_OPTIONS } from '../../apps/server/src/gateway/cache/cache-index.ts';
import { readIndependentPairs, TUNING_HALVES } from '../../eval/cache/independent-pairs.ts';
import { readPairs } from '../../eval/cache/pairs.ts';
import { inputOf } from './cache-input.ts';
import { uniquePrompts } from './unique-prompts.ts';

const embedder = createLocalEmbedder();
const engine = () => new SemanticCache({ ...ENGINE_OPTIONS, embedder });
let n = 0;
let hits = 0;
let differ = 0;
let id = 0;
const digest = createHash('sha256');
async function both(cache: SemanticCache, text: string, threshold: number) {
  const input = inputOf(text);
  const full = await cache.lookup(input, { threshold });
  const quick = await cache.lookup(input, { threshold, nearestOnMiss: false });
  const show = (r: typeof full) =>
    r.kind === 'miss' ? 'miss' : `${r.kind} ${r.entry.id} ${r.similarity} ${r.verified ?? ''}`;
  n++;
  if (full.kind !== 'miss') hits++;
  digest.update(
    `${show(full)}|${full.kind === 'miss' ? `${full.best?.entry.id} ${full.best?.similarity} ${full.best?.refusedBy}` : ''}\n`,
  );
  if (show(full) !== show(quick)) {
    differ++;
    if (differ < 10)
      console.log('DIFFER', threshold, text.slice(0, 80), show(full), '|', show(quick));
  }
  if (quick.kind === 'miss' && quick.best) {
    differ++;
    console.log('DIFFER: a hit-only miss came back with its nearest candidate');
  }
}
async function insert(cache: SemanticCache, text: string) {
  const p = await cache.prepare(inputOf(text));
  cache.insert({
    ...p,
    id: `e${++id}`,
    expiresAt: Number.POSITIVE_INFINITY,
    payload: { responseJson: '{}' },
  });
}
const sets: [string, { query: string; cached: string }[]][] = [
  ['pairs', readPairs()],
  ...TUNING_HALVES.map(
    (h) => [h, readIndependentPairs(h)] as [string, { query: string; cached: string }[]],
  ),
];
for (const [name, pairs] of sets) {
  // one pair per engine
  for (const pair of pairs) {
    const cache = engine();
    await insert(cache, pair.cached);
    for (const t of [0.9, 0.95, 0.98, 1]) await both(cache, pair.query, t);
  }
  // every cached prompt of the set in one engine
  const cache = engine();
  for (const c of new Set(pairs.map((p) => p.cached))) await insert(cache, c);
  for (const pair of pairs) for (const t of [0.9, 0.95]) await both(cache, pair.query, t);
  console.log(name, pairs.length, 'lookups', n, 'hits', hits, 'differ', differ);
}
// bench stream
const cache = engine();
const next = uniquePrompts();
for (let i = 0; i < Number(process.argv[2] ?? 5_000); i++) {
  const t = next().replace('jane@example.com', '[EMAIL_ADDRESS_1]');
  await both(cache, t, 0.95);
  await insert(cache, t);
}
console.log(
  'bench lookups',
  n,
  'hits',
  hits,
  'differ',
  differ,
  'digest of full results',
  digest.digest('hex').slice(0, 16),
);
if (differ > 0) process.exitCode = 1;
