// Expands eval/data/cache/groups.txt into eval/data/cache/pairs.jsonl. Run it after editing the
// groups: `node --import tsx eval/cache/build-pairs.ts`. The output is deterministic, so the
// committed pairs file always matches the groups it came from.
import { readFileSync, writeFileSync } from 'node:fs';
import { type LabelledPair, splitOf } from './pairs.ts';

interface Group {
  id: string;
  domain: string;
  base: string;
  light: string[];
  paraphrases: string[];
  negatives: { kind: string; text: string }[];
}

const dataDir = new URL('../data/cache/', import.meta.url);

function parseGroups(source: string): Group[] {
  const groups: Group[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('# ')) continue;
    const [tag = '', ...rest] = line.split(' ');
    const current = groups.at(-1);
    if (tag === '##') {
      groups.push({
        id: rest[0] ?? '',
        domain: rest[1] ?? '',
        base: '',
        light: [],
        paraphrases: [],
        negatives: [],
      });
    } else if (!current) {
      throw new Error(`line outside a group: ${line}`);
    } else if (tag === 'B') {
      current.base = rest.join(' ');
    } else if (tag === 'L') {
      current.light.push(rest.join(' '));
    } else if (tag === 'P') {
      current.paraphrases.push(rest.join(' '));
    } else if (tag === 'N') {
      current.negatives.push({ kind: rest[0] ?? '', text: rest.slice(1).join(' ') });
    } else {
      throw new Error(`unknown line: ${line}`);
    }
  }
  return groups;
}

/**
 * Same-meaning pairs: each light paraphrase against the base; the reworded paraphrases against
 * the base and against each other (a cache holds one wording, the user types another).
 */
function paraphrasePairs(group: Group): LabelledPair[] {
  const pairs = group.light.map((text) => pair(group, text, group.base, true, 'light'));
  const texts = [group.base, ...group.paraphrases];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      pairs.push(pair(group, texts[j] ?? '', texts[i] ?? '', true, 'reworded'));
    }
  }
  return pairs;
}

function pair(
  group: Group,
  query: string,
  cached: string,
  same: boolean,
  kind: string,
): LabelledPair {
  return {
    group: group.id,
    domain: group.domain,
    split: splitOf(group.id),
    kind,
    same,
    query,
    cached,
  };
}

const groups = parseGroups(readFileSync(new URL('groups.txt', dataDir), 'utf8'));
const pairs: LabelledPair[] = [];
for (const [index, group] of groups.entries()) {
  pairs.push(...paraphrasePairs(group));
  for (const negative of group.negatives)
    pairs.push(pair(group, negative.text, group.base, false, negative.kind));
  // A different question from the same domain: the easy negative every cache must get right.
  const neighbour = groups.slice(index + 1).find((g) => g.domain === group.domain);
  if (neighbour) pairs.push(pair(group, neighbour.base, group.base, false, 'topic'));
}
writeFileSync(
  new URL('pairs.jsonl', dataDir),
  `${pairs.map((p) => JSON.stringify(p)).join('\n')}\n`,
);
console.log(`${groups.length} groups → ${pairs.length} pairs`);
