import type { Sense } from './wordnet.ts';

/**
 * Which words fold together (decision 075):
 * - `dominant`: one synset holds `share` of a word's tagged uses over every part of speech (at
 *   least `minTags`), or is its only sense; words with the same dominant synset are one group.
 * - `first`: the synset is sense 1 of the word in a part of speech that holds `partShare` of its
 *   uses (with `minTags` tagged uses unless the word has one sense).
 * - `asym`: `dominant`, and a word whose sense 1 is the synset may be what the group folds into
 *   without itself folding ("autumn" → "fall"; "fall" stays "fall").
 */
export interface GroupRule {
  rule: 'dominant' | 'first' | 'asym';
  share: number;
  minTags: number;
  partShare: number;
  /** GloVe cosine of a word and its canonical below which the pair is dropped. */
  minCosine: number;
}

export interface GroupInput {
  /** Candidate words (already limited to the vocabulary, no names or inflected forms). */
  senses: Map<string, Sense[]>;
  /** Frequency rank: the most frequent word of a group is its canonical word. */
  rank: (word: string) => number;
  cosine: (a: string, b: string) => number;
}

/** Groups of words, canonical first, the rest most frequent first. */
export function synonymGroups({ senses, rank, cosine }: GroupInput, rule: GroupRule): string[][] {
  const groups = new Map<string, { words: Set<string>; anchors: Set<string> }>();
  const groupOf = (synset: string) => {
    const group = groups.get(synset) ?? { words: new Set<string>(), anchors: new Set<string>() };
    groups.set(synset, group);
    return group;
  };
  for (const [word, list] of senses) {
    const folding = rule.rule === 'first' ? firstSynsets(list, rule) : [dominantSynset(list, rule)];
    for (const synset of folding) if (synset !== undefined) groupOf(synset).words.add(word);
    if (rule.rule !== 'asym') continue;
    for (const sense of list)
      if (sense.number === 1 && sense.tags >= rule.minTags && !folding.includes(sense.synset))
        groupOf(sense.synset).anchors.add(word);
  }
  const byRank = (a: string, b: string) => rank(a) - rank(b);
  const ordered = [...groups.entries()]
    .map(([synset, { words, anchors }]) => ({
      synset,
      anchors,
      group: [...new Set([...words, ...anchors])].sort(byRank),
    }))
    .filter(({ anchors, group }) => group.slice(1).some((word) => !anchors.has(word)));
  // A canonical word never folds, and a word folds into one canonical only (its most used
  // sense), so folding never chains. Under `first` and `asym` a canonical with two groups still
  // joins their members ("autumn" and "tumble" both → "fall"); `dominant` gives a word one group.
  const canonicals = new Set(ordered.map(({ group }) => group[0]));
  const target = new Map<string, { canonical: string; tags: number }>();
  for (const { synset, anchors, group } of ordered) {
    const [canonical, ...members] = group;
    if (canonical === undefined) continue;
    for (const member of members) {
      if (canonicals.has(member) || anchors.has(member)) continue;
      if (cosine(member, canonical) < rule.minCosine) continue;
      const tags = senses.get(member)?.find((sense) => sense.synset === synset)?.tags ?? 0;
      const known = target.get(member);
      if (!known || tags > known.tags) target.set(member, { canonical, tags });
    }
  }
  const members = new Map<string, string[]>();
  for (const [member, { canonical }] of target)
    members.set(canonical, [...(members.get(canonical) ?? []), member]);
  return [...members.entries()]
    .sort(([a], [b]) => byRank(a, b))
    .map(([canonical, words]) => [canonical, ...words.sort(byRank)]);
}

function dominantSynset(list: Sense[], rule: GroupRule): string | undefined {
  if (list.length === 1) return list[0]?.synset;
  const total = list.reduce((sum, sense) => sum + sense.tags, 0);
  const top = list.reduce((best, sense) => (sense.tags > best.tags ? sense : best));
  return top.tags >= rule.minTags && top.tags >= rule.share * total ? top.synset : undefined;
}

function firstSynsets(list: Sense[], rule: GroupRule): string[] {
  const total = list.reduce((sum, sense) => sum + sense.tags, 0);
  const partTags = (part: string) =>
    list.filter((sense) => sense.part === part).reduce((sum, sense) => sum + sense.tags, 0);
  return list
    .filter((sense) => sense.number === 1 && (list.length === 1 || sense.tags >= rule.minTags))
    .filter((sense) => total === 0 || partTags(sense.part) >= rule.partShare * total)
    .map((sense) => sense.synset);
}
