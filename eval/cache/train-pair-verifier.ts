// Trains the pair verifier of decisions 036 and 052 and estimates what it would do, on the TUNING
// data only: the independent set's tuning files and the template set's dev half. The held-out
// files are never read. For every pair it takes what the engine sees (similarity and guard verdict
// at threshold 0); the candidates the verifier is asked about are those every guard passes with a
// similarity in [floor, 0.95). Choices are judged across files (decision 052): a model trained on
// every file but one scores the one left out, so a rule that only fits the file it was read on
// shows. Also reported: the same models used as a veto on the hits at or above 0.95.
//
//   node --import tsx eval/cache/train-pair-verifier.ts --l2 0.1            sweep floors and cuts
//   node --import tsx eval/cache/train-pair-verifier.ts --l2 0.1 --write 0.7 --cut 0.93
//       also trains on every file's candidates at that floor and writes the weights file
import { writeFileSync } from 'node:fs';
import {
  createLocalEmbedder,
  guardFeatures,
  PAIR_FEATURE_NAMES,
  type PairSide,
  pairFeatures,
} from '@tokenwise/semantic-cache';
import { readIndependentPairs } from './independent-pairs.ts';
import { type LogisticModel, probability, trainLogistic } from './logistic.ts';
import { readPairs } from './pairs.ts';
import { type PairOutcome, scorePairs } from './score-pairs.ts';

const DEFAULT_THRESHOLD = 0.95;
/** A lower threshold whose wrong hits the veto report also counts: the tuning files have none at 0.95. */
const LOWER_THRESHOLD = 0.9;
const FLOORS = [0.5, 0.6, 0.7, 0.8];
const CUTS = [0.85, 0.9, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98];
const VETO_CUTS = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5];
const VETO_TRAINING_FLOOR = 0.8;
const L2 = Number(argValue('--l2') ?? 0.1);
const TUNING_FILES = ['tune', 'tune2', 'tune3', 'tune4'] as const;

function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const embedder = createLocalEmbedder();
const sets: Record<string, PairOutcome[]> = {};
for (const file of TUNING_FILES)
  sets[file] = await scorePairs(readIndependentPairs(file), embedder);
sets.dev = await scorePairs(
  readPairs().filter((p) => p.split === 'dev'),
  embedder,
);
const files = Object.keys(sets);

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
  same: boolean;
  similarity: number;
  passes: boolean;
  x: number[];
}

/** Every pair from the lowest floor up, with its features and whether every guard passes it. */
const scored: Candidate[] = Object.entries(sets).flatMap(([set, outcomes]) =>
  outcomes
    .filter((o) => o.similarity >= Math.min(...FLOORS))
    .map((o) => ({
      set,
      same: o.pair.same,
      similarity: o.similarity,
      passes: o.refusedBy === null,
      x: pairFeatures(sideOf(o.pair.query), sideOf(o.pair.cached), o.similarity),
    })),
);
const passing = scored.filter((c) => c.passes);
const askedAt = (floor: number) =>
  passing.filter((c) => c.similarity >= floor && c.similarity < DEFAULT_THRESHOLD);

/** For each file, the model trained on the other files' candidates at `floor`. */
function leaveOneFileOut(floor: number): Map<string, LogisticModel> {
  const rows = askedAt(floor);
  return new Map(
    files.map((file) => [
      file,
      trainLogistic(
        rows.filter((r) => r.set !== file),
        L2,
      ),
    ]),
  );
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
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
console.log(`today at ${DEFAULT_THRESHOLD}, verifier off (recall / wrong share):`);
for (const [set, b] of Object.entries(baseline))
  console.log(
    `  ${set}: ${pct(b.right / b.positives)} / ${pct(b.wrong / Math.max(1, b.right + b.wrong))}`,
  );

const models = new Map(FLOORS.map((floor) => [floor, leaveOneFileOut(floor)]));
for (const floor of FLOORS) {
  const rows = askedAt(floor);
  const byFile = models.get(floor) ?? new Map<string, LogisticModel>();
  const count = (set: string, same: boolean) =>
    rows.filter((r) => r.set === set && r.same === same).length;
  console.log(
    `\nfloor ${floor}, L2 ${L2}: asked ${files.map((s) => `${s} ${count(s, true)}P/${count(s, false)}N`).join(', ')}`,
  );
  console.log(
    'cut   hits added out of file, right / wrong (recall / wrong share at 0.95 with them)',
  );
  const p = rows.map((r) => probability(byFile.get(r.set) as LogisticModel, r.x));
  for (const cut of CUTS) {
    let right = 0;
    let wrong = 0;
    const cells = files.map((set) => {
      const accepted = rows.filter((r, i) => r.set === set && (p[i] ?? 0) >= cut);
      const r = accepted.filter((a) => a.same).length;
      const w = accepted.length - r;
      right += r;
      wrong += w;
      const b = baseline[set] ?? { positives: 1, right: 0, wrong: 0 };
      return `${set} +${r}/+${w} (${pct((b.right + r) / b.positives)} / ${pct((b.wrong + w) / Math.max(1, b.right + r + b.wrong + w))})`;
    });
    console.log(`${cut.toFixed(2)}  ${cells.join('  ')}  total +${right}/+${wrong}`);
  }
}

// The veto (decision 052): refuse a hit the verifier, trained out of file, scores below a cut.
// Counted on the hits every guard passes at 0.95, and at 0.90, where the tuning files have wrong
// hits left to find.
const vetoFloor = Number(argValue('--veto-floor') ?? argValue('--write') ?? 0.7);
reportVeto(
  `the verifier's floor-${vetoFloor} models`,
  models.get(vetoFloor) ?? leaveOneFileOut(vetoFloor),
);
// A second model made for the veto: near pairs of every kind, refused by a guard or not, so it
// sees the near-misses the guards catch (the tuning files let almost none through).
reportVeto(
  `models trained on every pair from ${VETO_TRAINING_FLOOR} up, any guard verdict`,
  new Map(
    files.map((file) => [
      file,
      trainLogistic(
        scored.filter((c) => c.set !== file && c.similarity >= VETO_TRAINING_FLOOR),
        L2,
      ),
    ]),
  ),
);

function reportVeto(name: string, vetoModels: Map<string, LogisticModel>): void {
  console.log(
    `\nveto with ${name}, out of file: hits refused at ${DEFAULT_THRESHOLD} and at ${LOWER_THRESHOLD}, right / wrong of right / wrong hits`,
  );
  for (const cut of VETO_CUTS) {
    const cells = files.map((set) => {
      const refused = (threshold: number) => {
        const hits = passing.filter((c) => c.set === set && c.similarity >= threshold);
        const vetoed = hits.filter(
          (c) => probability(vetoModels.get(set) as LogisticModel, c.x) < cut,
        );
        const right = vetoed.filter((c) => c.same).length;
        return `${right}/${vetoed.length - right} of ${hits.filter((c) => c.same).length}/${hits.filter((c) => !c.same).length}`;
      };
      return `${set} ${refused(DEFAULT_THRESHOLD)}, ${refused(LOWER_THRESHOLD)}`;
    });
    console.log(`${cut.toFixed(2)}  ${cells.join('  ')}`);
  }
}

const writeFloor = argValue('--write');
if (writeFloor) {
  const model = trainLogistic(askedAt(Number(writeFloor)), L2);
  const file = new URL(
    '../../packages/semantic-cache/src/verifier/pair-verifier-weights.json',
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        producedBy: `node --import tsx eval/cache/train-pair-verifier.ts ${process.argv.slice(2).join(' ')}`,
        trainedOn: `${files.join(', ')} (template dev half): guard-passing candidates in [floor, 0.95)`,
        features: PAIR_FEATURE_NAMES,
        floor: Number(writeFloor),
        cut: Number(argValue('--cut') ?? 0.93),
        l2: L2,
        ...model,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${file.pathname}`);
}
