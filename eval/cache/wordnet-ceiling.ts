// How much any WordNet synonym table could give the cache (decision 075): for every pair of the
// tuning files, the content words one prompt changes against the other once the hand-written
// synonyms are folded (`differenceTerms`), and whether WordNet relates each changed word to one
// on the other side. A pair whose every changed word is related is one a table could make
// identical; one with only some related can at best score a little higher. Relations are tried
// from the strictest (one synset) to the loosest (also hypernyms and hyponyms, which a table
// must not fold). Tuning files only. Usage:
//   node --import tsx eval/cache/wordnet-ceiling.ts [--dir /usr/share/wordnet] [--list]
import { parseArgs } from 'node:util';
import { differenceTerms } from '../../packages/semantic-cache/src/guards/difference-reading.ts';
import { stemOf } from '../../packages/semantic-cache/src/guards/word-stem.ts';
import { readIndependentPairs, TUNING_HALVES } from './independent-pairs.ts';
import { type Relation, readWordNet } from './wordnet.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/usr/share/wordnet' },
    list: { type: 'boolean', default: false },
  },
});
const wordnet = readWordNet(values.dir);
/** The diff compares stems: each stem stands for the WordNet words it may be. */
const synsetsOfStem = new Map<string, Set<string>>();
for (const [word, senses] of wordnet.senses) {
  const stem = stemOf(word);
  const set = synsetsOfStem.get(stem) ?? new Set<string>();
  for (const sense of senses) set.add(sense.synset);
  synsetsOfStem.set(stem, set);
}

const LEVELS: [string, Relation[]][] = [
  ['one synset', []],
  ['+ derivation', ['derivation']],
  ['+ similar, pertainym', ['derivation', 'similar', 'pertainym']],
  ['+ hypernym, hyponym', ['derivation', 'similar', 'pertainym', 'hypernym', 'hyponym']],
];

for (const [level, relations] of LEVELS) {
  console.log(`\n${level}: pairs whose changed words are all / partly related`);
  for (const half of TUNING_HALVES) {
    const count = { same: [0, 0, 0], near: [0, 0, 0] };
    for (const pair of readIndependentPairs(half)) {
      const a = differenceTerms(pair.cached);
      const b = differenceTerms(pair.query);
      const onlyA = [...new Set(a.filter((term) => !b.includes(term)))];
      const onlyB = [...new Set(b.filter((term) => !a.includes(term)))];
      const tally = pair.same ? count.same : count.near;
      if (onlyA.length + onlyB.length === 0) {
        tally[0] = (tally[0] ?? 0) + 1;
        continue;
      }
      const link = (x: string, y: string) => related(x, y, relations) || related(y, x, relations);
      const coveredA = onlyA.filter((x) => onlyB.some((y) => link(x, y)));
      const coveredB = onlyB.filter((y) => onlyA.some((x) => link(x, y)));
      const all = coveredA.length === onlyA.length && coveredB.length === onlyB.length;
      if (all || coveredA.length + coveredB.length > 0) {
        const at = all ? 1 : 2;
        tally[at] = (tally[at] ?? 0) + 1;
        if (values.list && all)
          console.log(
            `  ${half} ${pair.same ? 'P' : 'N'} ${onlyA} / ${onlyB} | ${pair.cached.slice(0, 60)}`,
          );
      }
    }
    const [sameNone, sameAll, samePart] = count.same;
    const [nearNone, nearAll, nearPart] = count.near;
    console.log(
      `  ${half.padEnd(6)} paraphrases: no change ${sameNone}, all related ${sameAll}, partly ${samePart}; near-misses: no change ${nearNone}, all related ${nearAll}, partly ${nearPart}`,
    );
  }
}

/** Whether a sense of stem `x` is in a synset of `y`, or points at one through `relations`. */
function related(x: string, y: string, relations: Relation[]): boolean {
  const targets = synsetsOfStem.get(y);
  if (!targets) return false;
  for (const synset of synsetsOfStem.get(x) ?? []) {
    if (targets.has(synset)) return true;
    const pointers = wordnet.related.get(synset);
    for (const relation of relations)
      if (pointers?.get(relation)?.some((target) => targets.has(target))) return true;
  }
  return false;
}
