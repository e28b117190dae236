// What the pair verifier (decision 036) costs, in one process: lookups of near questions (the
// tuning files' paraphrases and near-misses, each against its group's cached prompt among all
// groups' prompts) through two caches holding the same entries, one with the verifier and one
// without, in alternating rounds; the median of the rounds' per-lookup times and the p99 of all
// lookups for each, and how many lookups the verifier was asked about. Then the verifier's own
// work per candidate, timed alone (the lookup figures swing with the machine's load): the verifier
// (word vectors of both sides, alignment, the regression), and the query's guard features and the
// guards it pays only for the candidates it accepts. Tuning files only.
//   node --import tsx eval/cache/verifier-cost.ts
import { loadavg } from 'node:os';
import {
  checkGuards,
  createLocalEmbedder,
  createPairVerifier,
  guardFeatures,
  SemanticCache,
} from '@tokenwise/semantic-cache';
// The query's word list, as the lookup works it out (not part of the package's API).
import { differenceTerms } from '../../packages/semantic-cache/src/guards/difference-reading.ts';
import { readIndependentPairs } from './independent-pairs.ts';
import { evalRequest } from './score-pairs.ts';

const ROUNDS = 15;
const embedder = createLocalEmbedder();
embedder.warmUp();
const verifier = createPairVerifier(embedder);
if (!verifier) throw new Error('the local embedder exposes word vectors');
const pairs = [...readIndependentPairs('tune'), ...readIndependentPairs('tune2')];
const cachedTexts = [...new Set(pairs.map((p) => p.cached))];
// Fresh request objects per lookup: the cache remembers keys per input object.
const queries = pairs.map((p) => p.query);

async function filled(pairVerifier: boolean): Promise<SemanticCache> {
  const cache = new SemanticCache({ embedder, pairVerifier, memoCapacity: 4096 });
  for (const [i, text] of cachedTexts.entries())
    cache.insert({ ...(await cache.prepare(evalRequest(text))), id: `c${i}`, expiresAt: Infinity });
  return cache;
}
const caches = { off: await filled(false), on: await filled(true) };

// Warm both (JIT, embedding memo, guard features of the entries).
for (const cache of Object.values(caches))
  for (const q of queries) await cache.lookup(evalRequest(q), { threshold: 0.95 });

const perRound: Record<string, number[]> = { off: [], on: [] };
const all: Record<string, number[]> = { off: [], on: [] };
let verifiedHits = 0;
let asked = 0;
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
  for (const name of order) {
    const cache = caches[name];
    const started = performance.now();
    for (const q of queries) {
      const t = performance.now();
      const result = await cache.lookup(evalRequest(q), { threshold: 0.95 });
      all[name]?.push(performance.now() - t);
      if (round === 0 && name === 'on' && result.kind === 'semantic' && result.similarity < 0.95)
        verifiedHits++;
      // Without the verifier, a best candidate in [floor, threshold) is what it would be asked about.
      if (round === 0 && name === 'off' && result.kind === 'miss') {
        const best = result.best;
        if (best?.refusedBy === 'threshold' && best.similarity >= verifier.floor) asked++;
      }
    }
    perRound[name]?.push(((performance.now() - started) * 1000) / queries.length);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
console.log(
  `${queries.length} lookups per round against ${cachedTexts.length} entries, ${ROUNDS} rounds, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
for (const name of ['off', 'on'] as const)
  console.log(
    `verifier ${name}: median ${median(perRound[name] ?? []).toFixed(1)} µs per lookup, p99 ${((p99(all[name] ?? []) ?? 0) * 1000).toFixed(0)} µs`,
  );
const extra = (median(perRound.on ?? []) - median(perRound.off ?? [])) * queries.length;
console.log(
  `verifier asked in ${asked} of ${queries.length} lookups, accepted ${verifiedHits}; extra time per verified candidate ${(extra / Math.max(1, asked)).toFixed(0)} µs`,
);

// Per candidate, alone: every pair whose query and cached prompt differ, many rounds, median.
const texts = pairs.map((p) => ({ query: p.query, cached: p.cached }));
const cachedFeatures = new Map(cachedTexts.map((t) => [t, guardFeatures(t)]));
const stages = { words: [] as number[], verifier: [] as number[], guards: [] as number[] };
const verifierAlone: number[] = [];
const onlyDifferenceCheck = {
  negation: false,
  date: false,
  number: false,
  code_identifier: false,
  entity: false,
} as const;
let passedDifferenceCheck = 0;
for (let round = 0; round < 15; round++) {
  let verify = 0;
  let guards = 0;
  let words = 0;
  for (const { query, cached } of texts) {
    const c = cachedFeatures.get(cached) ?? guardFeatures(cached);
    const tw = performance.now();
    const queryTerms = differenceTerms(query);
    words += performance.now() - tw;
    // The lookup's order: the difference check on the two word lists, the verifier for the
    // candidates it passes, then the query's guard features and every guard for the few accepted.
    const t0 = performance.now();
    // The cached prompt's features with the query's words. A spread would drop the getters
    // (`countedNouns`, decision 178) that the difference check reads.
    const withQueryTerms = Object.create(c, { terms: { value: queryTerms } }) as typeof c;
    const differs = checkGuards(withQueryTerms, c, onlyDifferenceCheck) !== null;
    if (!differs) {
      if (round === 0) passedDifferenceCheck++;
      verifier.accepts(query, queryTerms, cached, c.terms, 0.9);
    }
    const t1 = performance.now();
    checkGuards(guardFeatures(query), c);
    const t2 = performance.now();
    verify += t1 - t0;
    guards += t2 - t1;
    if (round > 0) verifierAlone.push(t1 - t0);
  }
  if (round === 0) continue; // warm-up
  stages.verifier.push((verify * 1000) / texts.length);
  stages.words.push((words * 1000) / texts.length);
  stages.guards.push((guards * 1000) / texts.length);
}
console.log(
  `per candidate, alone (${texts.length} pairs × 14 rounds, ${passedDifferenceCheck} past the difference check; medians of round means): query word list ${median(stages.words).toFixed(0)} µs, difference check + verifier ${median(stages.verifier).toFixed(0)} µs (p99 of single calls ${(p99(verifierAlone) * 1000).toFixed(0)} µs, median ${(median(verifierAlone) * 1000).toFixed(0)} µs); query guard features + guards, for an accepted one, ${median(stages.guards).toFixed(0)} µs; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
