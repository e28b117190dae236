// `npm run eval:routing`: scores the labelled prompt set and reports how routing by difficulty
// would have done: confusion matrix, per-class precision and recall, the complex→Mini bar and the
// cost saved against sending everything to Premium. `--misses` also lists the dev-split misses.
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  CUTOFFS,
  DEFAULT_THRESHOLDS,
  difficultyFromTokens,
  scoreDifficulty,
  WEIGHTS,
} from '@tokenwise/difficulty';
import { ASSUMED_OUTPUT_TOKENS, summariseCost, TIER_PRICE_PER_MILLION } from './cost.ts';
import { isHeldOut, loadPrompts } from './load-prompts.ts';
import { computeMetrics } from './metrics.ts';
import { formatCategories, formatConfusion, formatCost, formatSummary } from './report.ts';

const prompts = loadPrompts(new URL('../data/routing/prompts.jsonl', import.meta.url));
const rows = prompts.map((prompt) => {
  const result = scoreDifficulty(prompt.request, DEFAULT_THRESHOLDS);
  return {
    id: prompt.id,
    category: prompt.category,
    label: prompt.label,
    predicted: result.difficulty,
    score: result.score,
    promptTokens: result.promptTokens,
    reasons: result.reasons,
    request: prompt.request,
    heldOut: isHeldOut(prompt.id),
  };
});

const all = computeMetrics(rows);
const dev = computeMetrics(rows.filter((r) => !r.heldOut));
const heldOut = computeMetrics(rows.filter((r) => r.heldOut));
const cost = summariseCost(rows);
// The spec's token thresholds alone, to show what the signals add.
const tokensOnlyRows = rows.map((r) => ({
  ...r,
  predicted: difficultyFromTokens(r.promptTokens, DEFAULT_THRESHOLDS),
}));
const tokensOnly = { metrics: computeMetrics(tokensOnlyRows), cost: summariseCost(tokensOnlyRows) };
const misses = rows
  .filter((r) => r.label !== r.predicted)
  .map(({ id, label, predicted, score, reasons, heldOut: held }) => ({
    id,
    label,
    predicted,
    score,
    reasons,
    heldOut: held,
  }));
const complexToSimple = misses.filter((m) => m.label === 'complex' && m.predicted === 'simple');

console.log(
  `Routing difficulty eval: ${rows.length} prompts, thresholds simple<${DEFAULT_THRESHOLDS.simple} complex>${DEFAULT_THRESHOLDS.complex}\n`,
);
console.log(formatConfusion(all));
console.log('');
const summaries = [
  ['all', all],
  ['dev', dev],
  ['held-out', heldOut],
  ['tokens only', tokensOnly.metrics],
] as const;
for (const [name, m] of summaries) console.log(formatSummary(name, m));
console.log('\nCost on the set (prompt tokens + assumed output per true class)');
console.log(formatCost(cost));
console.log(
  `tokens only   $${tokensOnly.cost.routedUsd.toFixed(4)}   saved ${(tokensOnly.cost.savedShare * 100).toFixed(1)}%`,
);
console.log('\nAccuracy by category');
console.log(formatCategories(rows));
if (complexToSimple.length > 0) {
  console.log('\nComplex prompts scored simple');
  for (const m of complexToSimple)
    console.log(`  ${m.id} score ${m.score}: ${m.reasons.join('; ')}`);
}
if (process.argv.includes('--misses')) {
  console.log('\nDev-split misses');
  for (const m of misses.filter((x) => !x.heldOut)) {
    console.log(
      `  ${m.id.padEnd(14)} ${m.label.padEnd(8)}→ ${m.predicted.padEnd(8)} ${m.score.toFixed(2)}  ${m.reasons.join('; ')}`,
    );
  }
}

const resultsDir = new URL('../results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  new URL('routing.json', resultsDir),
  `${JSON.stringify(
    {
      prompts: rows.length,
      thresholds: DEFAULT_THRESHOLDS,
      weights: WEIGHTS,
      cutoffs: CUTOFFS,
      assumptions: {
        tierPricePerMillion: TIER_PRICE_PER_MILLION,
        assumedOutputTokens: ASSUMED_OUTPUT_TOKENS,
      },
      bar: {
        complexToSimpleBelow: 0.05,
        complexToSimpleRate: all.complexToSimpleRate,
        passed: all.complexToSimpleRate < 0.05,
      },
      metrics: { all, dev, heldOut },
      cost,
      tokensOnly,
      complexToSimple,
      misses,
    },
    null,
    2,
  )}\n`,
);
console.log('\nWrote eval/results/routing.json');
