// Trains the pair verifier (decisions 036, 052, 181) and estimates what it would do, on the TUNING
// data only: every tune* file the eval lists (`TUNING_HALVES`, tune..tune16 since decision 248)
// and the template set's dev half. The held-out files and the template
// test half are never read. The candidates are those the engine asks the verifier about today:
// the second look's guards pass them with a similarity in [floor, 0.95) (`verifier-candidates.ts`).
// Choices are judged by group-wise cross-validation (decision 036): 5 folds, a group's pairs in
// one fold, 5 shuffles; every table cell counts hits a model trained without that pair's group
// would add, right / wrong, summed over the 5 shuffles and divided by 5.
//
//   node --import tsx eval/cache/train-pair-verifier.ts                     sweep floors, L2, cuts
//   node --import tsx eval/cache/train-pair-verifier.ts --extras            also each extra feature
//   node --import tsx eval/cache/train-pair-verifier.ts --quadratic         ten features and their products
//   node --import tsx eval/cache/train-pair-verifier.ts --shipped           hits the weights file adds per file
//   node --import tsx eval/cache/train-pair-verifier.ts --write 0.7 --cut 0.91 --l2 10
//       trains on every candidate at that floor and writes the weights file
import { writeFileSync } from 'node:fs';
import { createLocalEmbedder, PAIR_FEATURE_NAMES, pairFeatures } from '@tokenwise/semantic-cache';
import { seededRandom } from '../../packages/semantic-cache/src/seeded-random.ts';
import { EXTRA_FEATURES } from '../../packages/semantic-cache/src/verifier/extra-pair-features.ts';
import { readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { type LogisticModel, probability, trainLogistic } from './logistic.ts';
import { readPairs } from './pairs.ts';
import { type Candidate, type SetOutcome, verifierCandidates } from './verifier-candidates.ts';
import { shippedVerifierModel } from './verifier-model.ts';

// Every blind tuning file, as the eval lists them; not the two unsplit sets (long hostile, short
// blind), which the verifier was never trained on.
const TUNING_FILES = TUNING_HALVES.filter((half) => /^tune\d*$/.test(half));
const FLOORS = [0.5, 0.6, 0.7, 0.8];
const L2S = [0.01, 0.1, 1, 3, 10, 30];
const CUTS = (argValue('--cuts') ?? '0.8,0.85,0.9,0.92,0.93,0.94,0.95,0.96,0.97,0.98,0.99')
  .split(',')
  .map(Number);
const FOLDS = 5;
const SHUFFLES = 5;

function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const embedder = createLocalEmbedder();
const extras = process.argv.includes('--extras');
const features = extras
  ? (q: Parameters<typeof pairFeatures>[0], c: Parameters<typeof pairFeatures>[1], s: number) => [
      ...pairFeatures(q, c, s),
      ...EXTRA_FEATURES.map((f) => f.compute(q, c)),
    ]
  : pairFeatures;
const lowest = Math.min(...FLOORS);
const sets: Record<string, SetOutcome> = {};
for (const file of TUNING_FILES)
  sets[file] = await verifierCandidates(
    file,
    readIndependentPairs(file),
    embedder,
    lowest,
    features,
  );
sets.dev = await verifierCandidates(
  'dev',
  readPairs().filter((p) => p.split === 'dev'),
  embedder,
  lowest,
  features,
);
const files = Object.keys(sets);
const all: Candidate[] = Object.values(sets).flatMap((s) => s.candidates);
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

console.log('today at 0.95, verifier off (recall / wrong share):');
for (const [set, s] of Object.entries(sets))
  console.log(
    `  ${set}: ${s.positives} P, ${pct(s.right / s.positives)} / ${pct(s.wrong / Math.max(1, s.right + s.wrong))}`,
  );

/** Deterministic shuffle (mulberry32), so every run splits the groups alike. */
function shuffled<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Out-of-fold probability of every row, one array per shuffle. */
function outOfFold(rows: Candidate[], l2: number, dims: number[]): number[][] {
  const pick = (x: number[]) => dims.map((d) => x[d] ?? 0);
  const groups = [...new Set(rows.map((r) => r.group))].sort();
  return Array.from({ length: SHUFFLES }, (_, s) => {
    const foldOf = new Map(shuffled(groups, 17 + s).map((g, i) => [g, i % FOLDS]));
    const p = new Array<number>(rows.length).fill(0);
    for (let fold = 0; fold < FOLDS; fold++) {
      const model = trainLogistic(
        rows.filter((r) => foldOf.get(r.group) !== fold).map((r) => ({ ...r, x: pick(r.x) })),
        l2,
      );
      rows.forEach((r, i) => {
        if (foldOf.get(r.group) === fold) p[i] = probability(model, pick(r.x));
      });
    }
    return p;
  });
}

interface Cell {
  right: number;
  wrong: number;
}

/** Mean hits added out of fold per file at `cut`. */
function added(rows: Candidate[], p: number[][], cut: number): Map<string, Cell> {
  const cells = new Map(files.map((f) => [f, { right: 0, wrong: 0 }]));
  for (const shuffle of p)
    rows.forEach((r, i) => {
      if ((shuffle[i] ?? 0) < cut) return;
      const cell = cells.get(r.set) as Cell;
      if (r.same) cell.right += 1 / SHUFFLES;
      else cell.wrong += 1 / SHUFFLES;
    });
  return cells;
}

const fmt = (v: number) => (Number.isInteger(v) ? `${v}` : v.toFixed(1));
const baseDims = PAIR_FEATURE_NAMES.map((_, d) => d);

/** Prints the sweep for one feature set, then its best setting: most right hits with no wrong one. */
function sweep(name: string, dims: number[], floors = FLOORS, l2s = L2S): void {
  console.log(`\n== ${name}`);
  let best = { right: 0, at: 'none' };
  for (const floor of floors) {
    const rows = all.filter((r) => r.similarity >= floor);
    const count = (set: string, same: boolean) =>
      rows.filter((r) => r.set === set && r.same === same).length;
    console.log(
      `floor ${floor}: asked ${files.map((s) => `${s} ${count(s, true)}P/${count(s, false)}N`).join(', ')}`,
    );
    for (const l2 of l2s) {
      const p = outOfFold(rows, l2, dims);
      for (const cut of CUTS) {
        const cells = added(rows, p, cut);
        let right = 0;
        let wrong = 0;
        for (const c of cells.values()) {
          right += c.right;
          wrong += c.wrong;
        }
        if (wrong === 0 && right > best.right)
          best = { right, at: `floor ${floor}, L2 ${l2}, cut ${cut}` };
        console.log(
          `  L2 ${l2} cut ${cut.toFixed(3)}  ${files.map((f) => `${f} +${fmt(cells.get(f)?.right ?? 0)}/${fmt(cells.get(f)?.wrong ?? 0)}`).join('  ')}  total +${fmt(right)}/${fmt(wrong)}`,
        );
      }
    }
  }
  console.log(`best with no wrong hit out of fold: +${fmt(best.right)} (${best.at})`);
}

/** Every row's ten features with their pairwise products appended: a quadratic decision surface. */
function withProducts(): number[] {
  const n = PAIR_FEATURE_NAMES.length;
  for (const row of all) {
    const x = row.x.slice(0, n);
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) x.push((x[i] ?? 0) * (x[j] ?? 0));
    row.x = x;
  }
  return Array.from({ length: all[0]?.x.length ?? 0 }, (_, d) => d);
}

/**
 * Hits the weights file in the repository adds at 0.95, per file (decision 228). On files it was
 * not trained on (its `trainedOn`) these are out of sample, so they can be set beside the table.
 */
function shipped(): void {
  const model = shippedVerifierModel();
  console.log(
    `\n== the weights file (floor ${model.floor}, cut ${model.cut}), trained on ${model.trainedOn}`,
  );
  const cells = new Map(files.map((f) => [f, { right: 0, wrong: 0 }]));
  for (const r of all) {
    if (r.similarity < model.floor) continue;
    if (probability(model, r.x.slice(0, PAIR_FEATURE_NAMES.length)) < model.cut) continue;
    const cell = cells.get(r.set) as Cell;
    if (r.same) cell.right++;
    else cell.wrong++;
  }
  console.log(
    `  ${files.map((f) => `${f} +${cells.get(f)?.right}/${cells.get(f)?.wrong}`).join('  ')}`,
  );
}

const onlyFloor = argValue('--floor');
const onlyL2 = argValue('--l2');
const floors = onlyFloor ? onlyFloor.split(',').map(Number) : FLOORS;
const l2s = onlyL2 ? onlyL2.split(',').map(Number) : L2S;
if (process.argv.includes('--shipped')) shipped();
else if (process.argv.includes('--quadratic'))
  sweep('ten + their products', withProducts(), floors, l2s);
else if (!process.argv.includes('--write')) {
  sweep('the ten features', baseDims, floors, l2s);
  if (extras) {
    const base = PAIR_FEATURE_NAMES.length;
    const list = argValue('--extras');
    const named = list && !list.startsWith('--') ? list.split(',') : undefined;
    const chosen = EXTRA_FEATURES.map((f, i) => ({ ...f, dim: base + i })).filter(
      (f) => !named || named.includes(f.name),
    );
    for (const f of chosen) sweep(`ten + ${f.name}`, [...baseDims, f.dim], floors, l2s);
    if (chosen.length > 1)
      sweep(
        `ten + ${chosen.map((f) => f.name).join(' + ')}`,
        [...baseDims, ...chosen.map((f) => f.dim)],
        floors,
        l2s,
      );
  }
}

const writeFloor = argValue('--write');
if (writeFloor) {
  const l2 = Number(onlyL2 ?? 0.1);
  const model: LogisticModel = trainLogistic(
    all.filter((r) => r.similarity >= Number(writeFloor)),
    l2,
  );
  const file = new URL(
    '../../packages/semantic-cache/src/verifier/pair-verifier-weights.json',
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        producedBy: `node --import tsx eval/cache/train-pair-verifier.ts ${process.argv.slice(2).join(' ')}`,
        trainedOn: `${files.join(', ')} (template dev half): candidates the second look's guards pass in [floor, 0.95)`,
        features: PAIR_FEATURE_NAMES,
        floor: Number(writeFloor),
        cut: Number(argValue('--cut') ?? 0.93),
        l2,
        ...model,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${file.pathname}`);
}
