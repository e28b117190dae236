// Decision 059: the pairs at the default threshold that a guard refused, grouped by guard and,
// for the difference check, by its rule. Long pairs (a pasted text both carry) are read on their
// remainders, as the engine judges them (decision 054). Tuning files and the template set only.
//   node --import tsx eval/cache/refused-by-guard.ts tune4 [template] [--near] [--list] [--min 0.85]
import { checkGuards, createLocalEmbedder, guardFeatures } from '@tokenwise/semantic-cache';
import { aroundSharedText } from '../../packages/semantic-cache/src/cache/shared-text.ts';
import { withoutTextKind } from '../../packages/semantic-cache/src/cache/text-kind.ts';
import { instructionDifference } from '../../packages/semantic-cache/src/guards/difference.ts';
import { foldedDifference } from '../../packages/semantic-cache/src/guards/folded-difference.ts';
import { type IndependentHalf, readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { isHit } from './metrics.ts';
import { type LabelledPair, readPairs } from './pairs.ts';
import { scorePairs } from './score-pairs.ts';

const minAt = process.argv.indexOf('--min');
/** The lowest similarity read (decision 069: 0.85, the pairs a guard refuses just below the bar). */
const THRESHOLD = minAt > 0 ? Number(process.argv[minAt + 1]) : 0.95;
const files = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--min');
const near = process.argv.includes('--near');
const list = process.argv.includes('--list');
/** Every pair sharing a pasted text, whatever its similarity: how the guards read both kinds. */
const long = process.argv.includes('--long');

function pairsOf(file: string): LabelledPair[] {
  if (file === 'template') return readPairs();
  if (!(TUNING_HALVES as readonly string[]).includes(file))
    throw new Error(`tuning files and template only: ${TUNING_HALVES.join(', ')}, template`);
  return readIndependentPairs(file as IndependentHalf);
}

/** The guard and rule that refuse a pair, read on the remainders when a long text is shared. */
function reasonOf(pair: LabelledPair): { key: string; words: string } {
  const around = aroundSharedText(pair.query, pair.cached);
  const a = guardFeatures(around ? withoutTextKind(around.query) : pair.query);
  const b = guardFeatures(around ? withoutTextKind(around.cached) : pair.cached);
  const where = around ? 'long' : 'short';
  if (around && (a.terms.length === 0) !== (b.terms.length === 0))
    return { key: `${where} instruction one_side_empty`, words: '' };
  const guard = checkGuards(a, b);
  const diff = foldedDifference(a.terms, b.terms);
  const words = `[${diff.onlyA.join(' ')} / ${diff.onlyB.join(' ')} | ${diff.shared}]`;
  if (!guard) return { key: `${where} ${around?.editedInside ? 'edited_inside' : 'none'}`, words };
  const rule =
    guard === 'instruction'
      ? ` ${instructionDifference(a.terms, b.terms, a.qualifiers, b.qualifiers, a.generalVerbs, b.generalVerbs)}`
      : '';
  return { key: `${where} ${guard}${rule}`, words };
}

const embedder = createLocalEmbedder();
for (const file of files) {
  const outcomes = await scorePairs(pairsOf(file), embedder);
  const count = new Map<string, number>();
  for (const o of outcomes) {
    if (long) {
      if (!aroundSharedText(o.pair.query, o.pair.cached)) continue;
    } else if (o.pair.same === near || !o.refusedBy || o.similarity < THRESHOLD) continue;
    const read = reasonOf(o.pair);
    const key = long
      ? `${o.pair.same ? 'P' : 'N'} ${isHit(o, THRESHOLD, true) ? 'hit' : 'miss'} ${read.key}`
      : read.key;
    const words = read.words;
    count.set(key, (count.get(key) ?? 0) + 1);
    if (list)
      console.log(
        `${file} ${key} ${o.similarity.toFixed(3)} ${words}\n  Q: ${clip(o.pair.query)}\n  C: ${clip(o.pair.cached)}`,
      );
  }
  console.log(`\n${file}: ${near ? 'near-misses' : 'paraphrases'} at ≥ ${THRESHOLD} refused`);
  for (const [key, n] of [...count].sort((x, y) => y[1] - x[1]))
    console.log(`${String(n).padStart(4)}  ${key}`);
}

function clip(text: string): string {
  const around = text.replace(/\s+/g, ' ');
  return around.length > 220 ? `${around.slice(0, 220)}…` : around;
}
