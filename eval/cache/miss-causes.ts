// Decision 145: what refuses the tuning files' missed paraphrases at the default threshold 0.95,
// counted per cause: a guard (the difference check with its rule), or no guard and a similarity
// below the threshold that the pair verifier did not accept (by band; under 0.5 the verifier is
// not asked). Near-misses that pass every guard are counted by band beside them: the pool a lower
// cut or a looser second stage would let in. `--blockers` counts instead, for short pairs that the
// similarity (≥ 0.95) or the pair verifier would admit, every guard (and difference rule) that
// refuses them, paraphrases and near-misses apart. Tuning files only.
// `--show text` (with `--blockers`) prints the pairs whose line contains the text (decision 149).
// Each listed pair ends with the words the difference check reads as changed (decision 172).
//   node --import tsx eval/cache/miss-causes.ts [file…] [--list cause-prefix] [--blockers [--show text]]
import {
  checkGuards,
  createLocalEmbedder,
  createPairVerifier,
  GUARD_ORDER,
  guardFeatures,
} from '@tokenwise/semantic-cache';
import { aroundSharedText } from '../../packages/semantic-cache/src/cache/shared-text.ts';
import { withoutTextKind } from '../../packages/semantic-cache/src/cache/text-kind.ts';
import { instructionDifference } from '../../packages/semantic-cache/src/guards/difference.ts';
import { foldedDifference } from '../../packages/semantic-cache/src/guards/folded-difference.ts';
import { type IndependentHalf, readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { isHit } from './metrics.ts';
import type { LabelledPair } from './pairs.ts';
import { scorePairs } from './score-pairs.ts';

const THRESHOLD = 0.95;
const listAt = process.argv.indexOf('--list');
const listPrefix = listAt > 0 ? (process.argv[listAt + 1] ?? '') : undefined;
const showAt = process.argv.indexOf('--show');
const showBlockers = showAt > 0 ? (process.argv[showAt + 1] ?? '') : undefined;
const named = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--list' && all[i - 1] !== '--show');
const files = (named.length ? named : TUNING_HALVES) as IndependentHalf[];
for (const file of files)
  if (!(TUNING_HALVES as readonly string[]).includes(file)) throw new Error('tuning files only');

const band = (s: number) =>
  s >= 0.9
    ? '0.90-0.95'
    : s >= 0.8
      ? '0.80-0.90'
      : s >= 0.7
        ? '0.70-0.80'
        : s >= 0.5
          ? '0.50-0.70'
          : '<0.50';

function guardRule(pair: LabelledPair): string {
  const around = aroundSharedText(pair.query, pair.cached);
  const a = guardFeatures(around ? withoutTextKind(around.query) : pair.query);
  const b = guardFeatures(around ? withoutTextKind(around.cached) : pair.cached);
  const guard = checkGuards(a, b);
  if (guard !== 'instruction') return '';
  return ` ${instructionDifference(a.terms, b.terms, a.qualifiers, b.qualifiers, a.generalVerbs, b.generalVerbs)}`;
}

const embedder = createLocalEmbedder();
if (process.argv.includes('--blockers')) {
  await blockers();
  process.exit(0);
}
const total = new Map<string, number>();
for (const file of files) {
  const outcomes = await scorePairs(readIndependentPairs(file), embedder);
  const causes = new Map<string, number>();
  const pool = new Map<string, number>();
  for (const o of outcomes) {
    if (isHit(o, THRESHOLD, true)) continue;
    const long = aroundSharedText(o.pair.query, o.pair.cached) ? 'long ' : '';
    if (!o.pair.same) {
      if (!o.refusedBy) pool.set(band(o.similarity), (pool.get(band(o.similarity)) ?? 0) + 1);
      continue;
    }
    const cause = o.refusedBy
      ? `${long}guard ${o.refusedBy}${guardRule(o.pair)}${o.similarity < THRESHOLD ? ' (and below 0.95)' : ''}`
      : `${long}no guard, ${o.similarity < 0.5 ? 'embedder' : 'verifier refused'} ${band(o.similarity)}`;
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
    total.set(cause, (total.get(cause) ?? 0) + 1);
    if (listPrefix !== undefined && cause.startsWith(listPrefix))
      console.log(
        `${file} ${o.similarity.toFixed(3)} ${cause}${changedWords(o.pair)}\n  Q: ${clip(o.pair.query)}\n  C: ${clip(o.pair.cached)}`,
      );
  }
  console.log(`\n${file}: missed paraphrases by cause`);
  for (const [k, n] of [...causes].sort((x, y) => y[1] - x[1]))
    console.log(`${String(n).padStart(4)}  ${k}`);
  console.log(`${file}: near-misses passing every guard, by similarity band (misses at 0.95)`);
  console.log(
    `      ${[...pool]
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}`,
  );
}
console.log('\nall files: missed paraphrases by cause');
for (const [k, n] of [...total].sort((x, y) => y[1] - x[1]))
  console.log(`${String(n).padStart(4)}  ${k}`);

/** The words the difference check reads as changed, query side | cached side. */
function changedWords(pair: LabelledPair): string {
  const around = aroundSharedText(pair.query, pair.cached);
  const a = guardFeatures(around ? withoutTextKind(around.query) : pair.query);
  const b = guardFeatures(around ? withoutTextKind(around.cached) : pair.cached);
  const { onlyA, onlyB } = foldedDifference(a.terms, b.terms);
  return `  [${onlyA.join(' ')} | ${onlyB.join(' ')}]`;
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ');
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}

/** Short pairs the similarity or the verifier admits, by every guard and rule that refuses them. */
async function blockers(): Promise<void> {
  const verifier = createPairVerifier(embedder);
  const tally = new Map<string, [number, number]>();
  for (const file of files) {
    for (const o of await scorePairs(readIndependentPairs(file), embedder)) {
      if (isHit(o, THRESHOLD, true) || aroundSharedText(o.pair.query, o.pair.cached)) continue;
      const a = guardFeatures(o.pair.query);
      const b = guardFeatures(o.pair.cached);
      const above = o.similarity >= THRESHOLD;
      if (!above && !verifier?.accepts(o.pair.query, a.terms, o.pair.cached, b.terms, o.similarity))
        continue;
      const only = (guard: string) => Object.fromEntries(GUARD_ORDER.map((g) => [g, g === guard]));
      // Below the threshold, the second look's readings (decisions 145 and 149).
      const refusing = GUARD_ORDER.filter((g) => checkGuards(a, b, only(g), !above) === g).map(
        (g) =>
          g === 'instruction'
            ? `instruction:${instructionDifference(a.terms, b.terms, a.qualifiers, b.qualifiers, a.generalVerbs, b.generalVerbs, [a.head, b.head], !above)}`
            : g,
      );
      const key = `${above ? '>= 0.95' : 'verifier'}  ${refusing.join(' + ') || 'none'}`;
      if (showBlockers !== undefined && key.includes(showBlockers))
        console.log(
          `${o.pair.same ? 'P' : 'N'} ${file} ${o.similarity.toFixed(3)} ${key}${changedWords(o.pair)}\n  Q: ${clip(o.pair.query)}\n  C: ${clip(o.pair.cached)}`,
        );
      const counts = tally.get(key) ?? [0, 0];
      counts[o.pair.same ? 0 : 1]++;
      tally.set(key, counts);
    }
  }
  console.log('paraphrases  near-misses  admitted by  refused by');
  for (const [key, [p, n]] of [...tally].sort((x, y) => y[1][0] - x[1][0] || y[1][1] - x[1][1]))
    console.log(`${String(p).padStart(11)}  ${String(n).padStart(11)}  ${key}`);
}
