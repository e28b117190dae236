// `npm run eval:cache:independent`: the independent pair set (eval/data/cache/independent), both
// halves, through the same engine the gateway uses (SemanticCache with the local embedder and
// every guard). For each half and threshold: paraphrase recall and the wrong-hit share (hits that
// were near-misses). `--errors` lists the misses and wrong hits of the TUNING files only (tune.txt,
// tune2.txt from decision 022, tune3.txt to tune16.txt, the two unsplit sets): the held-out
// halves (heldout.txt, and heldout2–5.txt written later without reading the engine) are never
// read for tuning. Writes
// eval/results/cache-independent.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createLocalEmbedder, PAIR_VERIFIER_ON_BY_DEFAULT } from '@tokenwise/semantic-cache';
import { HELDOUT_HALVES, readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { isHit, metricsAt } from './metrics.ts';
import { scorePairs } from './score-pairs.ts';

const THRESHOLDS = [0.95, 0.9, 0.85];
const DEFAULT_THRESHOLD = 0.95;
const BAR = { maxWrongHitShare: 0.03, minRecall: 0.5 };
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

const embedder = createLocalEmbedder();
const started = performance.now();
// `--tune-only` scores the tuning files alone and writes nothing: the loop used while tuning, so
// held-out figures are never seen before a change is final. With `--write` it replaces the tuning
// files' figures in the results file and leaves the held-out ones as their last full run wrote them.
const tuneOnly = process.argv.includes('--tune-only');
const halves: Record<string, Awaited<ReturnType<typeof scorePairs>>> = {};
for (const half of tuneOnly ? TUNING_HALVES : [...TUNING_HALVES, ...HELDOUT_HALVES])
  halves[half] = await scorePairs(readIndependentPairs(half), embedder);

const results: Record<string, ReturnType<typeof metricsAt>[]> = {};
for (const [half, outcomes] of Object.entries(halves)) {
  results[half] = THRESHOLDS.map((t) => metricsAt(outcomes, t));
  const positives = outcomes.filter((o) => o.pair.same).length;
  console.log(`\n${half}: ${positives} paraphrases, ${outcomes.length - positives} near-misses`);
  console.log('threshold  recall  wrong-hit share  hits  wrong  wrong hits by kind');
  for (const m of results[half] ?? []) {
    console.log(
      `${m.threshold.toFixed(2).padEnd(9)}  ${pct(m.recall).padStart(6)}  ${pct(m.falseHitShare).padStart(15)}  ${String(m.correctHits + m.falseHits).padStart(4)}  ${String(m.falseHits).padStart(5)}  ${JSON.stringify(m.falseHitsByKind)}`,
    );
  }
}

// Decision 036: every half at the default threshold with the pair verifier off and on, whatever
// the default is, so its effect is read from one run.
const byVerifier = Object.fromEntries(
  [false, true].map((on) => [
    on ? 'on' : 'off',
    Object.fromEntries(
      Object.entries(halves).map(([half, outcomes]) => [
        half,
        metricsAt(outcomes, DEFAULT_THRESHOLD, on),
      ]),
    ),
  ]),
);
console.log(
  `\nPair verifier at ${DEFAULT_THRESHOLD} (on by default: ${PAIR_VERIFIER_ON_BY_DEFAULT}), recall / wrong-hit share (wrong of hits):`,
);
for (const half of Object.keys(halves)) {
  const line = (['off', 'on'] as const).map((key) => {
    const m = byVerifier[key]?.[half];
    return m
      ? `${key} ${pct(m.recall)} / ${pct(m.falseHitShare)} (${m.falseHits} of ${m.correctHits + m.falseHits})`
      : '';
  });
  console.log(`  ${half.padEnd(9)} ${line.join('   ')}`);
}

const meets = (m: ReturnType<typeof metricsAt> | undefined) =>
  !!m && m.falseHitShare <= BAR.maxWrongHitShare && m.recall >= BAR.minRecall;
const tuneAtDefault = results.tune?.[0];
const verdict = (half: string) =>
  tuneOnly ? 'not run' : meets(results[half]?.[0]) ? 'met' : 'NOT met';
console.log(
  `\nBar at ${DEFAULT_THRESHOLD} (recall ≥ 50%, wrong hits ≤ 3% of hits): tune ${meets(tuneAtDefault) ? 'met' : 'NOT met'}, ${HELDOUT_HALVES.map((half) => `${half} ${verdict(half)}`).join(', ')}`,
);

if (process.argv.includes('--errors')) {
  for (const o of TUNING_HALVES.flatMap((half) => halves[half] ?? [])) {
    const hit = isHit(o, DEFAULT_THRESHOLD);
    if (hit === o.pair.same) continue;
    const label = hit ? `WRONG HIT ${o.pair.kind}` : `missed ${o.refusedBy ?? ''}`;
    console.log(
      `${o.similarity.toFixed(3)} ${label} | ${o.pair.query.slice(0, 140)} | ${o.pair.cached.slice(0, 140)}`,
    );
  }
}

const out = new URL('../results/', import.meta.url);
if (tuneOnly) {
  if (process.argv.includes('--write')) writeTuningFigures(new URL('cache-independent.json', out));
  process.exit(0);
}
mkdirSync(out, { recursive: true });
writeFileSync(
  new URL('cache-independent.json', out),
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      embedder: embedder.id,
      defaultThreshold: DEFAULT_THRESHOLD,
      bar: {
        ...BAR,
        metOnTune: meets(tuneAtDefault),
        metOnHeldOut: meets(results.heldout?.[0]),
        metOnHeldOut2: meets(results.heldout2?.[0]),
        metOnHeldOut3: meets(results.heldout3?.[0]),
        metOnHeldOut4: meets(results.heldout4?.[0]),
        metOnHeldOut5: meets(results.heldout5?.[0]),
      },
      thresholds: results,
      pairVerifier: { onByDefault: PAIR_VERIFIER_ON_BY_DEFAULT, atDefaultThreshold: byVerifier },
      seconds: Math.round((performance.now() - started) / 100) / 10,
    },
    null,
    2,
  )}\n`,
);

/** The tuning files' figures written over the last full run's, which keeps its held-out figures. */
function writeTuningFigures(file: URL): void {
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  saved.tuningGeneratedAt = new Date().toISOString();
  saved.heldOutGeneratedAt = saved.heldOutGeneratedAt ?? saved.generatedAt;
  saved.embedder = embedder.id;
  saved.bar.metOnTune = meets(tuneAtDefault);
  saved.pairVerifier.onByDefault = PAIR_VERIFIER_ON_BY_DEFAULT;
  for (const half of Object.keys(halves)) {
    saved.thresholds[half] = results[half];
    for (const key of ['off', 'on'] as const)
      saved.pairVerifier.atDefaultThreshold[key][half] = byVerifier[key]?.[half];
  }
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
}
