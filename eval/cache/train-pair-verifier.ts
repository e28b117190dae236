// Trains the pair verifier of decision 036 and estimates what it would add, on the TUNING data
// only: the independent set's tuning files (tune.txt, tune2.txt) and the template set's dev half.
// The held-out files are never read. For every pair it takes what the engine sees (similarity and
// guard verdict at threshold 0); the candidates the verifier would be asked about are those every
// guard passes with a similarity in [floor, 0.95). A logistic regression on pairFeatures is
// trained with group-wise cross-validation (a group's pairs never straddle folds), and for each
// probability cut the hits it would add out of fold, right and wrong, are counted per set.
//
//   node --import tsx eval/cache/train-pair-verifier.ts            sweep floors and cuts
//   node --import tsx eval/cache/train-pair-verifier.ts --l2 0.1 --write 0.5 --cut 0.97
//       also trains on every candidate at floor 0.5 and writes the weights file with that cut
import { writeFileSync } from 'node:fs';
import {
  createLocalEmbedder,
  guardFeatures,
  PAIR_FEATURE_NAMES,
  type PairSide,
  pairFeatures,
} from '@tokenwise/semantic-cache';
import { readIndependentPairs } from './independent-pairs.ts';
import { readPairs } from './pairs.ts';
import { type PairOutcome, scorePairs } from './score-pairs.ts';

const DEFAULT_THRESHOLD = 0.95;
const FLOORS = [0.5, 0.6, 0.7, 0.8];
const CUTS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99];
const FOLDS = 5;
const REPEATS = 5;
const L2 = Number(argValue('--l2') ?? 1);

function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const embedder = createLocalEmbedder();
const sets: Record<string, PairOutcome[]> = {
  tune: await scorePairs(readIndependentPairs('tune'), embedder),
  tune2: await scorePairs(readIndependentPairs('tune2'), embedder),
  dev: await scorePairs(
    readPairs().filter((p) => p.split === 'dev'),
    embedder,
  ),
};

const sides = new Map<string, PairSide>();
const sideOf = (text: string): PairSide => {
  let side = sides.get(text);
  if (!side) {
    side = { words: embedder.termVectors(text), terms: guardFeatures(text).terms };
    sides.set(text, side);
  }
  return side;
};

interface Candidate {
  set: string;
  group: string;
  same: boolean;
  kind: string;
  x: number[];
  text: string;
}

const candidatesAt = (floor: number): Candidate[] =>
  Object.entries(sets).flatMap(([set, outcomes]) =>
    outcomes
      .filter(
        (o) => o.refusedBy === null && o.similarity >= floor && o.similarity < DEFAULT_THRESHOLD,
      )
      .map((o) => ({
        set,
        group: `${set}:${o.pair.group}`,
        same: o.pair.same,
        kind: o.pair.kind,
        x: pairFeatures(sideOf(o.pair.query), sideOf(o.pair.cached), o.similarity),
        text: `${o.pair.query.slice(0, 70)} | ${o.pair.cached.slice(0, 70)}`,
      })),
  );

export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/** L2-regularised logistic regression on standardised features, by full-batch gradient descent. */
function train(rows: Candidate[], l2: number): LogisticModel {
  const dims = PAIR_FEATURE_NAMES.length;
  const mean = Array.from({ length: dims }, (_, d) => avg(rows.map((r) => r.x[d] ?? 0)));
  const scale = Array.from({ length: dims }, (_, d) => {
    const sd = Math.sqrt(avg(rows.map((r) => ((r.x[d] ?? 0) - (mean[d] ?? 0)) ** 2)));
    return sd > 1e-9 ? sd : 1;
  });
  const z = rows.map((r) => r.x.map((v, d) => (v - (mean[d] ?? 0)) / (scale[d] ?? 1)));
  const weights = new Array<number>(dims).fill(0);
  let bias = 0;
  const rate = 0.1;
  for (let step = 0; step < 3000; step++) {
    const grad = new Array<number>(dims).fill(0);
    let gradBias = 0;
    for (const [i, row] of z.entries()) {
      const p = sigmoid(bias + dotOf(weights, row));
      const err = p - (rows[i]?.same ? 1 : 0);
      for (let d = 0; d < dims; d++) grad[d] = (grad[d] ?? 0) + err * (row[d] ?? 0);
      gradBias += err;
    }
    for (let d = 0; d < dims; d++)
      weights[d] =
        (weights[d] ?? 0) -
        rate * ((grad[d] ?? 0) / z.length + (l2 * (weights[d] ?? 0)) / z.length);
    bias -= (rate * gradBias) / z.length;
  }
  return { mean, scale, weights, bias };
}

const predict = (m: LogisticModel, x: number[]) =>
  sigmoid(
    m.bias +
      dotOf(
        m.weights,
        x.map((v, d) => (v - (m.mean[d] ?? 0)) / (m.scale[d] ?? 1)),
      ),
  );

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}
function dotOf(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
}
function avg(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** A deterministic shuffle of group ids into folds (mulberry32). */
function foldsOf(groups: string[], seed: number): Map<string, number> {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const unique = [...new Set(groups)].sort();
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j] ?? '', unique[i] ?? ''];
  }
  return new Map(unique.map((g, i) => [g, i % FOLDS]));
}

/** Out-of-fold probability of every candidate, averaged over REPEATS shuffles... kept per repeat. */
function outOfFold(rows: Candidate[], seed: number): number[] {
  const fold = foldsOf(
    rows.map((r) => r.group),
    seed,
  );
  const p = new Array<number>(rows.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const trainRows = rows.filter((r) => fold.get(r.group) !== f);
    const model = train(trainRows, L2);
    rows.forEach((r, i) => {
      if (fold.get(r.group) === f) p[i] = predict(model, r.x);
    });
  }
  return p;
}

const baseline = Object.fromEntries(
  Object.entries(sets).map(([set, outcomes]) => {
    const hits = outcomes.filter((o) => o.refusedBy === null && o.similarity >= DEFAULT_THRESHOLD);
    return [
      set,
      {
        positives: outcomes.filter((o) => o.pair.same).length,
        right: hits.filter((o) => o.pair.same).length,
        wrong: hits.filter((o) => !o.pair.same).length,
      },
    ];
  }),
);
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
console.log('today at 0.95 (recall / wrong share):');
for (const [set, b] of Object.entries(baseline))
  console.log(
    `  ${set}: ${pct(b.right / b.positives)} / ${pct(b.wrong / Math.max(1, b.right + b.wrong))}`,
  );

for (const floor of FLOORS) {
  const rows = candidatesAt(floor);
  const count = (set: string, same: boolean) =>
    rows.filter((r) => r.set === set && r.same === same).length;
  console.log(
    `\nfloor ${floor}: candidates ${Object.keys(sets)
      .map((s) => `${s} ${count(s, true)}P/${count(s, false)}N`)
      .join(', ')}`,
  );
  const runs = Array.from({ length: REPEATS }, (_, seed) => outOfFold(rows, seed + 1));
  console.log('cut    added right / added wrong per set (summed over repeats ÷ repeats)');
  for (const cut of CUTS) {
    const line = Object.keys(sets).map((set) => {
      let right = 0;
      let wrong = 0;
      for (const p of runs)
        rows.forEach((r, i) => {
          if (r.set !== set || (p[i] ?? 0) < cut) return;
          if (r.same) right++;
          else wrong++;
        });
      const b = baseline[set] ?? { positives: 1, right: 0, wrong: 0 };
      const r = right / REPEATS;
      const w = wrong / REPEATS;
      return `${set} +${r.toFixed(1)}/+${w.toFixed(1)} (${pct((b.right + r) / b.positives)} / ${pct((b.wrong + w) / Math.max(1, b.right + r + b.wrong + w))})`;
    });
    console.log(`${cut.toFixed(2)}  ${line.join('   ')}`);
  }
  if (process.argv.includes('--show') && floor === Number(argValue('--show'))) {
    const p = runs[0] ?? [];
    const ranked = rows.map((r, i) => ({ r, p: p[i] ?? 0 })).sort((a, b) => b.p - a.p);
    for (const { r, p: prob } of ranked.slice(0, 40))
      console.log(
        `${prob.toFixed(3)} ${r.same ? 'P' : `N:${r.kind}`} ${r.set} sim ${(r.x[0] ?? 0).toFixed(3)} | ${r.text}`,
      );
  }
}

const writeFloor = argValue('--write');
if (writeFloor) {
  const model = train(candidatesAt(Number(writeFloor)), L2);
  const file = new URL(
    '../../packages/semantic-cache/src/verifier/pair-verifier-weights.json',
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        producedBy: `node --import tsx eval/cache/train-pair-verifier.ts ${process.argv.slice(2).join(' ')}`,
        trainedOn:
          'tune.txt, tune2.txt, template dev half: guard-passing candidates in [floor, 0.95)',
        features: PAIR_FEATURE_NAMES,
        floor: Number(writeFloor),
        cut: Number(argValue('--cut') ?? 0.97),
        l2: L2,
        ...model,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${file.pathname}`);
}
