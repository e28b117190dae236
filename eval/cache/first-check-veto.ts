// Decision 229: a veto over candidates the first look serves (similarity at or above the threshold,
// every guard passed), measured on TUNING data only: tune..tune13 and the template dev half. The
// held-out files and the template test half are never read. The engine is asked as it runs today,
// with a veto that records what it is shown and refuses nothing, so a row is exactly a pair the
// veto would be asked about. The pool has no wrong hit at 0.95 today (earlier sessions wrote rules
// on those files), so the wrong hits are the blind files' FIRST readings, before their rules
// (decisions 192–219), listed below with the similarity the decision reports.
//
//   node --import tsx eval/cache/first-check-veto.ts            every veto tried, per file
//   node --import tsx eval/cache/first-check-veto.ts --rows     also each first-reading row
import { writeFileSync } from 'node:fs';
import {
  createLocalEmbedder,
  type FirstCheckVeto,
  guardFeatures,
  PAIR_FEATURE_NAMES,
  type PairSide,
  SemanticCache,
  VETO_FEATURE_NAMES,
  vetoFeatures,
} from '@tokenwise/semantic-cache';
import { seededRandom } from '../../packages/semantic-cache/src/seeded-random.ts';
import { type IndependentHalf, readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { probability, trainLogistic } from './logistic.ts';
import { type LabelledPair, readPairs } from './pairs.ts';
import { evalRequest, withOnlyCached } from './score-pairs.ts';
import { shippedVerifierModel } from './verifier-model.ts';

const THRESHOLDS = [0.95, 0.9, 0.85];
const FOLDS = 5;
const SHUFFLES = 5;

/** First-reading wrong hits that passed every guard (decisions 192, 194, 203, 210, 215, 219). */
const FIRST_READING: { set: IndependentHalf; query: string; similarity: number }[] = [
  { set: 'tune7', query: 'save all of the sheets into one PDF', similarity: 1 },
  { set: 'tune7', query: 'how many business days between', similarity: 0.998 },
  { set: 'tune8', query: 'gcp list all running vms', similarity: 0.994 },
  { set: 'tune8', query: 'last week only by me', similarity: 1 },
  { set: 'tune8', query: 'keep the chagnes, it was already pushed', similarity: 0.957 },
  { set: 'tune9', query: 'every weekday at 6am UTC', similarity: 0.982 },
  { set: 'tune9', query: 'one hour after I already sended', similarity: 0.965 },
  { set: 'tune10', query: 'React 18 production build? I only', similarity: 0.972 },
  { set: 'tune10', query: 'regex does: ^(?=.*[a-z])', similarity: 1 },
  { set: 'tune11', query: '&str or String, which is better', similarity: 0.956 },
  { set: 'tune12', query: 'wrong person outside my company', similarity: 0.989 },
  // Below 0.95: first-reading wrong hits at 0.90 / 0.85 only.
  { set: 'tune11', query: 'still show the months when the end date', similarity: 0.932 },
  { set: 'tune11', query: 'everyone can view it but only my team can edit', similarity: 0.945 },
  { set: 'tune11', query: 'restore only one file from a stash', similarity: 0.942 },
  { set: 'tune12', query: 'docs folder change in a pull request to main', similarity: 0.943 },
  { set: 'tune12', query: 'between left join and right join', similarity: 0.907 },
  { set: 'tune12', query: 'open the workspace settings.json', similarity: 0.918 },
  { set: 'tune12', query: 'tables in a schema with their row counts', similarity: 0.865 },
  { set: 'tune13', query: 'but ask me to confirm each one', similarity: 0.926 },
  { set: 'tune13', query: 'yesterday to the cloud and', similarity: 0.924 },
];

interface Row {
  set: string;
  group: string;
  same: boolean;
  similarity: number;
  firstReading: boolean;
  x: number[];
}

const embedder = createLocalEmbedder();
const features = vetoFeatures;
const side = (text: string, terms: string[]): PairSide => ({
  words: embedder.termVectors(text),
  terms,
});

/** The pairs of one file that the first look serves at the lowest threshold, veto asked. */
async function asked(set: string, pairs: LabelledPair[]): Promise<Row[]> {
  let shown: number[] | undefined;
  const recorder: FirstCheckVeto = {
    refuses(queryText, queryTerms, cachedText, cachedTerms, similarity) {
      shown = features(side(queryText, queryTerms), side(cachedText, cachedTerms), similarity);
      return false;
    },
  };
  const cache = new SemanticCache({ embedder, pairVerifier: false, firstCheckVeto: recorder });
  const rows: Row[] = [];
  const lowest = Math.min(...THRESHOLDS);
  for (const [i, pair] of pairs.entries()) {
    shown = undefined;
    const result = await withOnlyCached(cache, pair, i, () =>
      cache.lookup(evalRequest(pair.query), { threshold: lowest }),
    );
    if (result.kind !== 'semantic' || !shown) continue;
    rows.push({
      set,
      group: `${set}/${pair.group}`,
      same: pair.same,
      similarity: result.similarity,
      firstReading: false,
      x: shown,
    });
  }
  return rows;
}

/** A first-reading wrong hit, with today's features and the similarity its decision reports. */
async function firstReadingRow(entry: (typeof FIRST_READING)[number]): Promise<Row> {
  const pair = readIndependentPairs(entry.set).find(
    (p) => !p.same && p.query.includes(entry.query),
  );
  if (!pair) throw new Error(`${entry.set}: no near-miss with "${entry.query}"`);
  const cache = new SemanticCache({ embedder, pairVerifier: false, firstCheckVeto: false });
  const q = (await cache.prepare(evalRequest(pair.query))).queryText;
  const c = (await cache.prepare(evalRequest(pair.cached))).queryText;
  return {
    set: entry.set,
    group: `${entry.set}/${pair.group}`,
    same: false,
    similarity: entry.similarity,
    firstReading: true,
    x: features(side(q, guardFeatures(q).terms), side(c, guardFeatures(c).terms), entry.similarity),
  };
}

const poolFiles = TUNING_HALVES.filter((h) => /^tune\d*$/.test(h));
const pool: Row[] = [];
for (const file of poolFiles) pool.push(...(await asked(file, readIndependentPairs(file))));
pool.push(
  ...(await asked(
    'dev',
    readPairs().filter((p) => p.split === 'dev'),
  )),
);
const todayWrong = pool.filter((r) => !r.same && r.similarity >= 0.95).length;
for (const entry of FIRST_READING) pool.push(await firstReadingRow(entry));
const checks: Row[] = [];
for (const file of ['near-miss-long-hostile', 'short-blind'] as const)
  checks.push(...(await asked(file, readIndependentPairs(file))));
const files = [...poolFiles, 'dev'];

console.log(
  `pool at 0.95: ${pool.filter((r) => !r.firstReading && r.similarity >= 0.95).length} hits today, ${todayWrong} wrong; first-reading wrong hits ${FIRST_READING.filter((e) => e.similarity >= 0.95).length} (0.90: ${FIRST_READING.filter((e) => e.similarity >= 0.9).length}, 0.85: ${FIRST_READING.length})`,
);
if (process.argv.includes('--rows'))
  for (const r of pool.filter((row) => row.firstReading))
    console.log(
      `  ${r.group} ${r.similarity}  ${VETO_FEATURE_NAMES.map((n, d) => `${n} ${(r.x[d] ?? 0).toFixed(2)}`).join(' ')}`,
    );

/** Share of shuffles in which each row is vetoed (1 or 0 for a rule that is not fitted). */
type Vetoes = (rows: Row[]) => number[];

function report(name: string, vetoes: Vetoes, checkVetoes?: (rows: Row[]) => number[]): void {
  const v = vetoes(pool);
  const cells = THRESHOLDS.map((t) => {
    let lost = 0;
    let removed = 0;
    let right = 0;
    let wrong = 0;
    const perFile = new Map(files.map((f) => [f, { lost: 0, removed: 0 }]));
    pool.forEach((r, i) => {
      if (r.similarity < t) return;
      const cell = perFile.get(r.set) as { lost: number; removed: number };
      if (r.same) {
        right++;
        lost += v[i] ?? 0;
        if (t === 0.95) cell.lost += v[i] ?? 0;
      } else {
        wrong++;
        removed += v[i] ?? 0;
        if (t === 0.95) cell.removed += v[i] ?? 0;
      }
    });
    return { t, lost, removed, right, wrong, perFile };
  });
  const fmt = (n: number) => (Number.isInteger(n) ? `${n}` : n.toFixed(1));
  const c = checkVetoes?.(checks) ?? vetoes(checks);
  const checkText = ['near-miss-long-hostile', 'short-blind']
    .map((set) => {
      let lost = 0;
      let removed = 0;
      checks.forEach((r, i) => {
        if (r.set !== set || r.similarity < 0.95) return;
        if (r.same) lost += c[i] ?? 0;
        else removed += c[i] ?? 0;
      });
      return `${set} -${fmt(lost)}/-${fmt(removed)}`;
    })
    .join(', ');
  console.log(`\n== ${name}`);
  for (const cell of cells)
    console.log(
      `  ${cell.t.toFixed(2)}: right lost ${fmt(cell.lost)} of ${cell.right}, wrong removed ${fmt(cell.removed)} of ${cell.wrong}`,
    );
  const first = cells[0];
  if (first)
    console.log(
      `  at 0.95 per file (right lost / wrong removed): ${files
        .map((f) => {
          const x = first.perFile.get(f);
          return `${f} -${fmt(x?.lost ?? 0)}/-${fmt(x?.removed ?? 0)}`;
        })
        .join('  ')}`,
    );
  console.log(`  checks at 0.95 (right lost / wrong removed): ${checkText}`);
}

/** A fixed rule: no fitting, so no folds. */
const rule =
  (refuses: (x: number[]) => boolean): Vetoes =>
  (rows) =>
    rows.map((r) => (refuses(r.x) ? 1 : 0));

const dim = (name: string) => VETO_FEATURE_NAMES.indexOf(name);
const verifier = shippedVerifierModel();
const verifierP = (x: number[]) => probability(verifier, x.slice(0, PAIR_FEATURE_NAMES.length));

for (const cut of [0.05, 0.1, 0.2, 0.3, 0.5, 0.7])
  report(
    `shipped pair verifier says < ${cut}`,
    rule((x) => verifierP(x) < cut),
  );
for (const k of [1, 2, 3])
  report(
    `unmatched words ≥ ${k}`,
    rule((x) => (x[dim('unmatched')] ?? 0) >= k),
  );
for (const k of [1, 2])
  report(
    `unmatched rare words ≥ ${k}`,
    rule((x) => (x[dim('unmatchedRare')] ?? 0) >= k),
  );
report(
  'a digit term on one side only',
  rule((x) => (x[dim('diffDigits')] ?? 0) >= 1),
);
const onlyQ = (x: number[]) => x[dim('onlyQuery')] ?? 0;
const onlyC = (x: number[]) => x[dim('onlyCached')] ?? 0;
report(
  'terms added on one side only',
  rule((x) => onlyQ(x) > 0 !== onlyC(x) > 0),
);
report(
  'terms added on the query side only',
  rule((x) => onlyQ(x) > 0 && onlyC(x) === 0),
);
report(
  'terms added on one side only, one unmatched',
  rule((x) => onlyQ(x) > 0 !== onlyC(x) > 0 && (x[dim('unmatched')] ?? 0) >= 1),
);
for (const m of [0.3, 0.4, 0.5])
  report(
    `worst-aligned word < ${m}`,
    rule((x) => (x[dim('alignMin')] ?? 1) < m),
  );

/** Deterministic shuffle (mulberry32), as train-pair-verifier.ts splits groups. */
function shuffled<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A logistic veto trained on the pool's rows from `floor` up, scored out of fold. */
function fitted(dims: number[], l2: number, cut: number, floor: number): Vetoes {
  const pick = (x: number[]) => dims.map((d) => x[d] ?? 0);
  return (rows) => {
    const train = pool.filter((r) => r.similarity >= floor);
    if (rows !== pool) {
      const model = trainLogistic(
        train.map((r) => ({ ...r, x: pick(r.x) })),
        l2,
      );
      return rows.map((r) => (probability(model, pick(r.x)) < cut ? 1 : 0));
    }
    const groups = [...new Set(train.map((r) => r.group))].sort();
    const out = new Array<number>(rows.length).fill(0);
    for (let s = 0; s < SHUFFLES; s++) {
      const foldOf = new Map(shuffled(groups, 17 + s).map((g, i) => [g, i % FOLDS]));
      for (let fold = 0; fold < FOLDS; fold++) {
        const model = trainLogistic(
          train.filter((r) => foldOf.get(r.group) !== fold).map((r) => ({ ...r, x: pick(r.x) })),
          l2,
        );
        rows.forEach((r, i) => {
          // A row of a group never trained on is scored by the fold that left its group out.
          const f = foldOf.get(r.group) ?? fold;
          if (f === fold && probability(model, pick(r.x)) < cut)
            out[i] = (out[i] ?? 0) + 1 / SHUFFLES;
        });
      }
    }
    return out;
  };
}

if (process.argv.includes('--fitted')) {
  const all = VETO_FEATURE_NAMES.map((_, d) => d);
  const ten = PAIR_FEATURE_NAMES.map((_, d) => d);
  for (const [label, dims] of [
    ['ten', ten],
    ['ten + extras', all],
  ] as const)
    for (const l2 of [0.1, 1, 10])
      for (const cut of [0.5, 0.7, 0.8, 0.9])
        report(
          `logistic (${label}, L2 ${l2}) trained at ≥ 0.85 says < ${cut}`,
          fitted([...dims], l2, cut, 0.85),
        );
}

// `--write L2 CUT`: trains on every pool row from the lowest threshold up (all fifteen features)
// and writes the engine's weights file.
const writeAt = process.argv.indexOf('--write');
if (writeAt >= 0) {
  const l2 = Number(process.argv[writeAt + 1]);
  const cut = Number(process.argv[writeAt + 2]);
  const floor = Math.min(...THRESHOLDS);
  const model = trainLogistic(
    pool.filter((r) => r.similarity >= floor),
    l2,
  );
  const file = new URL(
    '../../packages/semantic-cache/src/verifier/first-check-veto-weights.json',
    import.meta.url,
  );
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        producedBy: `node --import tsx eval/cache/first-check-veto.ts ${process.argv.slice(2).join(' ')}`,
        trainedOn: `${files.join(', ')} (template dev half): first-look hits from ${floor}, and the blind files' first-reading wrong hits`,
        features: VETO_FEATURE_NAMES,
        l2,
        cut,
        ...model,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${file.pathname}`);
}
