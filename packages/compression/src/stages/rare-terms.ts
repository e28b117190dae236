// The rare words that name a thing, and the word that makes a compound term with one (issue 17,
// decision 157). Aggressive pruning ranks words by how rare they are, but its caps, not its budget,
// decide how much goes: a history sentence loses up to 70% of its content words, and where the
// kept verbs, subjects and clause ends leave only a few candidates, every one of them goes, the
// rarest included. "The vet mentioned gut stasis last year after she had a molar spur filed down"
// became "Vet mentioned she had down". A word rarer than the commonest RARE_RANK words of English
// (by its family: "rabbits" is as common as "rabbit") is a domain term or the name of a thing, which
// a reader cannot restore; a common word next to it in the same phrase is usually part of the term
// ("gut stasis", "molar spur", "drone brood") and stays with it.
import { wordRank } from '../word-information.ts';
import { isLabelWord, type LineTokens, spacesOnly } from './fact-labels.ts';

/** Words past this rank are rare (the list holds 40,000; see data/README.md). */
export const RARE_RANK = 20_000;

/**
 * Endings of modifiers and verb forms: "evenly", "upgrading", "maintainable", "ambiguous". A reader
 * restores what they add far more easily than the thing a noun names, and keeping them would cost
 * the band (decision 157). "-ic" and "-ive" are not among them: "antibiotic", "sedative" are things.
 */
const MODIFIER_OR_VERB = /(?:ly|ed|ing|able|ible|ous|ful|less|ise|ize)$/;

/** Inflections a word family shares: the commonest form decides whether the word is rare. */
const INFLECTIONS: [RegExp, string][] = [
  [/ies$/, 'y'],
  [/es$/, ''],
  [/s$/, ''],
];

/** Rank of the commonest listed form of the word's family; undefined when none is listed. */
export function familyRank(word: string): number | undefined {
  const stem = word.replace(/['’].*$/, '');
  let best = wordRank(stem);
  for (const [ending, to] of INFLECTIONS) {
    if (!ending.test(stem)) continue;
    const rank = wordRank(stem.replace(ending, to));
    if (rank !== undefined && (best === undefined || rank < best)) best = rank;
  }
  return best;
}

/** Whether each word seen is a rare noun, shared across calls (bounded: cleared when large). */
const rareness = new Map<string, boolean>();
const MAX_CACHED_WORDS = 50_000;

function isRareNoun(word: string): boolean {
  let rare = rareness.get(word);
  if (rare !== undefined) return rare;
  if (rareness.size > MAX_CACHED_WORDS) rareness.clear();
  rare =
    word.length >= 3 &&
    !MODIFIER_OR_VERB.test(word) &&
    (familyRank(word) ?? Number.POSITIVE_INFINITY) > RARE_RANK;
  rareness.set(word, rare);
  return rare;
}

/**
 * Indices of the line's rare nouns and of the content word joined to each by a space on either
 * side, the other half of a compound term.
 */
export function rareTerms({ line, starts, ends, lowered }: LineTokens): Set<number> {
  const keep = new Set<number>();
  const joined = (i: number) => spacesOnly(line, ends[i - 1], starts[i]);
  for (let i = 0; i < lowered.length; i += 1) {
    const word = lowered[i] as string;
    if (word === '' || !isLabelWord(word) || !isRareNoun(word)) continue;
    keep.add(i);
    if (i > 0 && joined(i) && isLabelWord(lowered[i - 1])) keep.add(i - 1);
    if (i + 1 < lowered.length && joined(i + 1) && isLabelWord(lowered[i + 1])) keep.add(i + 1);
  }
  return keep;
}
