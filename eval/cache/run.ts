// `npm run eval:cache`: runs the labelled prompt pairs of eval/data/cache through the semantic
// cache engine with the local embedder and reports, at thresholds 0.80-0.95, correct hits, false
// hits, misses, precision and recall (all pairs and the held-out test half), what each guard
// costs in hits and saves in false hits, and a replay with every cached prompt in one cache.
// `--errors` also lists the false hits and the missed paraphrases at the default threshold. The
// exit code is 1 when the bar (false-hit share < 2% with recall > 50% at 0.95) is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  createLocalEmbedder,
  GUARD_ORDER,
  PAIR_VERIFIER_ON_BY_DEFAULT,
} from '@tokenwise/semantic-cache';
import { guardCost, isHit, metricsAt } from './metrics.ts';
import { readPairs } from './pairs.ts';
import { replay } from './replay.ts';
import { formatGuardCosts, formatReplay, formatThresholds } from './report.ts';
import { scorePairs } from './score-pairs.ts';

const THRESHOLDS = [0.8, 0.85, 0.9, 0.95];
const DEFAULT_THRESHOLD = 0.95;
const BAR = { maxFalseHitShare: 0.02, minRecall: 0.5 };

const pairs = readPairs();
const embedder = createLocalEmbedder();
const started = performance.now();
const outcomes = await scorePairs(pairs, embedder);
const test = outcomes.filter((o) => o.pair.split === 'test');
const dev = outcomes.filter((o) => o.pair.split === 'dev');

const guardCosts = [];
for (const guard of GUARD_ORDER) {
  const without = await scorePairs(pairs, embedder, { [guard]: false });
  guardCosts.push(...THRESHOLDS.map((t) => guardCost(guard, outcomes, without, t)));
}
const noGuards = await scorePairs(
  pairs,
  embedder,
  Object.fromEntries(GUARD_ORDER.map((g) => [g, false])),
);
const replayed = await replay(pairs, embedder, DEFAULT_THRESHOLD);

const all = THRESHOLDS.map((t) => metricsAt(outcomes, t));
const atDefault = metricsAt(outcomes, DEFAULT_THRESHOLD);
const testAtDefault = metricsAt(test, DEFAULT_THRESHOLD);
const meetsBar = (m: typeof atDefault) =>
  m.falseHitShare < BAR.maxFalseHitShare && m.recall > BAR.minRecall;

console.log(
  `${pairs.length} pairs (${outcomes.filter((o) => o.pair.same).length} same meaning), embedder ${embedder.id}\n`,
);
console.log(formatThresholds('All pairs, guards on', all));
console.log(
  `\n${formatThresholds(
    'Held-out test half (not used for tuning), guards on',
    THRESHOLDS.map((t) => metricsAt(test, t)),
  )}`,
);
console.log(
  `\n${formatThresholds(
    'Dev half (used for tuning), guards on',
    THRESHOLDS.map((t) => metricsAt(dev, t)),
  )}`,
);
console.log(
  `\n${formatThresholds(
    'All pairs, every guard off',
    THRESHOLDS.map((t) => metricsAt(noGuards, t)),
  )}`,
);
console.log(
  `\nGuard costs (all pairs): each guard switched off alone\n${formatGuardCosts(guardCosts.filter((c) => c.threshold === DEFAULT_THRESHOLD || c.threshold === 0.85))}`,
);
console.log(`\n${formatReplay(replayed)}`);
console.log(
  `\nFalse hits at ${DEFAULT_THRESHOLD} by kind: ${JSON.stringify(atDefault.falseHitsByKind)}`,
);
console.log(
  `Bar at ${DEFAULT_THRESHOLD} (false-hit share < 2%, recall > 50%): all pairs ${meetsBar(atDefault) ? 'met' : 'NOT met'}, held-out test ${meetsBar(testAtDefault) ? 'met' : 'NOT met'}`,
);

// Decision 036: the halves at the default threshold with the pair verifier off and on.
const byVerifier = Object.fromEntries(
  [false, true].map((on) => [
    on ? 'on' : 'off',
    { test: metricsAt(test, DEFAULT_THRESHOLD, on), dev: metricsAt(dev, DEFAULT_THRESHOLD, on) },
  ]),
);
for (const half of ['test', 'dev'] as const)
  console.log(
    `Pair verifier at ${DEFAULT_THRESHOLD}, ${half} half: ${(['off', 'on'] as const)
      .map((key) => {
        const m = byVerifier[key]?.[half];
        return m
          ? `${key} ${(m.recall * 100).toFixed(1)}% / ${(m.falseHitShare * 100).toFixed(1)}%`
          : '';
      })
      .join(', ')} (recall / false-hit share)`,
  );

if (process.argv.includes('--errors')) {
  const falseHits = outcomes.filter((o) => !o.pair.same && isHit(o, DEFAULT_THRESHOLD));
  const missed = outcomes.filter((o) => o.pair.same && !isHit(o, DEFAULT_THRESHOLD));
  console.log('\nFalse hits:');
  for (const o of falseHits)
    console.log(`  ${o.similarity.toFixed(3)} ${o.pair.kind} | ${o.pair.query} | ${o.pair.cached}`);
  console.log('\nMissed paraphrases:');
  for (const o of missed)
    console.log(
      `  ${o.similarity.toFixed(3)} ${o.refusedBy ?? ''} | ${o.pair.query} | ${o.pair.cached}`,
    );
}

const results = {
  generatedAt: new Date().toISOString(),
  embedder: embedder.id,
  pairs: pairs.length,
  defaultThreshold: DEFAULT_THRESHOLD,
  bar: { ...BAR, metOnAllPairs: meetsBar(atDefault), metOnHeldOutTest: meetsBar(testAtDefault) },
  thresholds: {
    all,
    test: THRESHOLDS.map((t) => metricsAt(test, t)),
    dev: THRESHOLDS.map((t) => metricsAt(dev, t)),
  },
  withoutGuards: THRESHOLDS.map((t) => metricsAt(noGuards, t)),
  guardCosts,
  replay: replayed,
  pairVerifier: { onByDefault: PAIR_VERIFIER_ON_BY_DEFAULT, atDefaultThreshold: byVerifier },
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
const out = new URL('../results/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('cache.json', out), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwrote eval/results/cache.json in ${results.seconds}s`);
if (!results.bar.metOnAllPairs) process.exitCode = 1;
