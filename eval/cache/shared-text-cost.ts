// Decision 054's cost: time of one lookup for the tune4 pairs that share a run of 20+ words, each
// in a fresh cache (so the remainders' embeddings are not memoised). For the comparison, run it in
// a checkout of the base commit with this file and src/cache/shared-text.ts copied in.
//   node --import tsx eval/cache/shared-text-cost.ts
import { createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import { aroundSharedText } from '../../packages/semantic-cache/src/cache/shared-text.ts';
import { readIndependentPairs } from './independent-pairs.ts';
import { evalRequest } from './score-pairs.ts';

const embedder = createLocalEmbedder();
const pairs = readIndependentPairs('tune4').filter((p) => aroundSharedText(p.query, p.cached));
const times: number[] = [];
for (let round = 0; round < 3; round++)
  for (const pair of pairs) {
    const cache = new SemanticCache({ embedder });
    cache.insert({
      ...(await cache.prepare(evalRequest(pair.cached))),
      id: 'c',
      expiresAt: Infinity,
    });
    const req = evalRequest(pair.query);
    await cache.prepare(req); // the query's own embedding is paid by every lookup alike; take it out
    const t = process.hrtime.bigint();
    await cache.lookup(req, { threshold: 0.95 });
    if (round > 0) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
times.sort((a, b) => a - b);
const mean = times.reduce((s, x) => s + x, 0) / times.length;
console.log(
  `${pairs.length} pairs, lookup mean ${mean.toFixed(3)} ms, p50 ${times[times.length >> 1]?.toFixed(3)}, p99 ${times[Math.floor(times.length * 0.99)]?.toFixed(3)}`,
);
