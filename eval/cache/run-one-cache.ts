// `npm run eval:cache:one-cache`: the independent set as a user's traffic meets it. Every cached
// prompt ("B") of a half goes into ONE cache, then every paraphrase and near-miss is looked up at
// the default threshold without being stored. The pair-by-pair eval (run-independent.ts) only ever
// shows a query its own group's prompt; here a query may also be answered from ANOTHER group's
// entry, which is a wrong hit whatever its label. Held-out halves are scored as they come (the
// script prints figures only, never texts); `--tune-only` skips them; `--errors` lists the tuning
// halves' cross-group hits. Writes eval/results/cache-one-cache.json (not with --tune-only).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createLocalEmbedder, SemanticCache } from '@tokenwise/semantic-cache';
import {
  HELDOUT_HALVES,
  type IndependentHalf,
  readIndependentPairs,
  TUNING_HALVES,
} from './independent-pairs.ts';
import { evalRequest } from './score-pairs.ts';

const THRESHOLD = 0.95;
const tuneOnly = process.argv.includes('--tune-only');
const listErrors = process.argv.includes('--errors');
// `--verifier off` scores without the pair verifier (decision 036), for its share of the figures.
const verifierOff = process.argv.join(' ').includes('--verifier off');
const embedder = createLocalEmbedder();
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

interface HalfFigures {
  entries: number;
  paraphrases: number;
  nearMisses: number;
  /** Paraphrases answered from their own group's entry. */
  rightHits: number;
  /** Near-misses answered from their own group's entry. */
  nearMissHits: number;
  /** Any query answered from another group's entry. */
  crossGroupHits: number;
  recall: number;
  wrongHitShare: number;
}

async function scoreHalf(half: IndependentHalf): Promise<HalfFigures> {
  const pairs = readIndependentPairs(half);
  const cache = new SemanticCache({ embedder, ...(verifierOff ? { pairVerifier: false } : {}) });
  // Two groups may cache the very same prompt: it is one entry, and each group's own.
  const entryOfText = new Map<string, string>();
  for (const pair of pairs) {
    if (entryOfText.has(pair.cached)) continue;
    const id = `entry-${entryOfText.size}`;
    cache.insert({
      ...(await cache.prepare(evalRequest(pair.cached))),
      id,
      expiresAt: Number.POSITIVE_INFINITY,
    });
    entryOfText.set(pair.cached, id);
  }
  let rightHits = 0;
  let nearMissHits = 0;
  let crossGroupHits = 0;
  for (const pair of pairs) {
    const result = await cache.lookup(evalRequest(pair.query), { threshold: THRESHOLD });
    if (result.kind === 'miss') continue;
    const own = entryOfText.get(pair.cached) === result.entry.id;
    if (!own) {
      crossGroupHits++;
      if (listErrors && (TUNING_HALVES as readonly string[]).includes(half))
        console.log(
          `  ${half} CROSS-GROUP ${result.similarity.toFixed(3)} | ${pair.query.slice(0, 120)} | ${result.entry.queryText.slice(0, 120)}`,
        );
    } else if (pair.same) rightHits++;
    else nearMissHits++;
  }
  const paraphrases = pairs.filter((p) => p.same).length;
  const hits = rightHits + nearMissHits + crossGroupHits;
  return {
    entries: entryOfText.size,
    paraphrases,
    nearMisses: pairs.length - paraphrases,
    rightHits,
    nearMissHits,
    crossGroupHits,
    recall: paraphrases ? rightHits / paraphrases : 0,
    wrongHitShare: hits ? (nearMissHits + crossGroupHits) / hits : 0,
  };
}

const figures: Record<string, HalfFigures> = {};
console.log(
  `one cache per half, threshold ${THRESHOLD}, pair verifier ${verifierOff ? 'off' : 'as default'}`,
);
console.log('half       entries  recall  wrong-hit share  right  near-miss hits  cross-group hits');
for (const half of tuneOnly ? TUNING_HALVES : [...TUNING_HALVES, ...HELDOUT_HALVES]) {
  const f = await scoreHalf(half);
  figures[half] = f;
  console.log(
    `${half.padEnd(9)}  ${String(f.entries).padStart(7)}  ${pct(f.recall).padStart(6)}  ${pct(f.wrongHitShare).padStart(15)}  ${String(f.rightHits).padStart(5)}  ${String(f.nearMissHits).padStart(14)}  ${String(f.crossGroupHits).padStart(16)}`,
  );
}

if (!tuneOnly && !verifierOff) {
  const out = new URL('../results/', import.meta.url);
  mkdirSync(out, { recursive: true });
  writeFileSync(
    new URL('cache-one-cache.json', out),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), embedder: embedder.id, threshold: THRESHOLD, halves: figures }, null, 2)}\n`,
  );
}
