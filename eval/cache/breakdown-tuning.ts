// Why the engine decided as it did on a TUNING file of the independent set, at the default
// threshold: for each missed paraphrase, whether the similarity was below the threshold, a guard
// refused, or both (and which guard); for each wrong hit, its near-miss kind. `--list` prints the
// pairs with the content words the difference check reads on each side (query / cached | shared).
// Only the tuning files are accepted: held-out files are never broken down.
//   node --import tsx eval/cache/breakdown-tuning.ts tune3 [--list]
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { differenceTerms } from '../../packages/semantic-cache/src/guards/difference-reading.ts';
import { foldedDifference } from '../../packages/semantic-cache/src/guards/folded-difference.ts';
import { type IndependentHalf, readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { isHit } from './metrics.ts';
import { scorePairs } from './score-pairs.ts';

const TUNING: readonly IndependentHalf[] = TUNING_HALVES;
const THRESHOLD = 0.95;
const half = process.argv[2] as IndependentHalf;
if (!TUNING.includes(half)) throw new Error(`tuning files only: ${TUNING.join(', ')}`);
const list = process.argv.includes('--list');

const embedder = createLocalEmbedder();
const outcomes = await scorePairs(readIndependentPairs(half), embedder);
const count = new Map<string, number>();
const bump = (key: string) => count.set(key, (count.get(key) ?? 0) + 1);
const bands = [0.9, 0.8, 0.7, 0.6, 0.5, 0];
const bandOf = (s: number) => `≥ ${bands.find((b) => s >= b)?.toFixed(1)}`;

for (const o of outcomes) {
  const hit = isHit(o, THRESHOLD, false);
  let key: string;
  if (o.pair.same) {
    if (hit) key = 'paraphrase hit';
    else if (o.similarity >= THRESHOLD) key = `paraphrase missed: guard ${o.refusedBy} only`;
    else if (o.refusedBy)
      key = `paraphrase missed: below ${THRESHOLD} and guard ${o.refusedBy}, ${bandOf(o.similarity)}`;
    else key = `paraphrase missed: below ${THRESHOLD} only, ${bandOf(o.similarity)}`;
  } else if (hit) key = `WRONG HIT: ${o.pair.kind}`;
  else if (o.refusedBy) key = `near-miss refused by guard ${o.refusedBy}`;
  else key = `near-miss below ${THRESHOLD} only (${o.pair.kind})`;
  bump(key);
  if (list) {
    const diff = foldedDifference(differenceTerms(o.pair.query), differenceTerms(o.pair.cached));
    const words = `[${diff.onlyA.join(' ')} / ${diff.onlyB.join(' ')} | ${diff.shared}]`;
    console.log(
      `${o.similarity.toFixed(3)} ${key} ${words} | ${o.pair.query.slice(0, 120)} | ${o.pair.cached.slice(0, 120)}`,
    );
  }
}
console.log(`\n${half} at ${THRESHOLD}:`);
for (const [key, n] of [...count].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(`${String(n).padStart(4)}  ${key}`);
