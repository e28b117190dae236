// Features beyond pairFeatures, each from what the lookup already hands the verifier (the two
// sides' word vectors and term lists): tried for the pair verifier in decision 181 (none kept),
// and read by the first check's veto of decision 229.

import { LOCAL_EMBEDDER_DEFAULTS } from '../embedding/local-embedder.ts';
import { sharedWordVectors } from '../embedding/word-vectors.ts';
import { diffTerms } from '../guards/term-diff.ts';
import type { PairSide } from './pair-features.ts';

type Word = PairSide['words'][number];

/** The known-words rank of decision 161: below it a word is a common English word. */
const KNOWN_RANK = 60_000;
const UNMATCHED_BELOW = 0.5;
/** A swapped word whose vector is this close to one swapped in on the other side reads as a synonym. */
const SYNONYM_COSINE = 0.6;

const rankOf = (term: string) =>
  sharedWordVectors(LOCAL_EMBEDDER_DEFAULTS.vocabularySize).rankOf(term);

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

const best = (word: Word, to: Word[]) => {
  let b = 0;
  for (const other of to) {
    if (other.term === word.term) return 1;
    if (word.vector && other.vector) b = Math.max(b, cosine(word.vector, other.vector));
  }
  return b;
};

/** Words of each side with no counterpart on the other (the alignment's rule, vectors only). */
function unmatched(q: PairSide, c: PairSide): Word[] {
  return [
    ...q.words.filter((w) => best(w, c.words) < UNMATCHED_BELOW),
    ...c.words.filter((w) => best(w, q.words) < UNMATCHED_BELOW),
  ];
}

const known = (term: string) => (rankOf(term) ?? Number.POSITIVE_INFINITY) < KNOWN_RANK;

export const EXTRA_FEATURES: {
  name: string;
  compute: (q: PairSide, c: PairSide) => number;
}[] = [
  {
    // A rare term (a product, an identifier) with no counterpart names another thing; a common
    // word with none is more often a rewording's filler.
    name: 'unmatchedRare',
    compute: (q, c) => unmatched(q, c).filter((w) => !w.vector || !known(w.term)).length,
  },
  {
    name: 'unmatchedKnownShare',
    compute: (q, c) => {
      const words = unmatched(q, c);
      return words.length
        ? words.filter((w) => w.vector && known(w.term)).length / words.length
        : 1;
    },
  },
  {
    // Numbers and versions that differ set the answer.
    name: 'diffDigits',
    compute: (q, c) => {
      const d = diffTerms(q.terms, c.terms);
      return [...d.onlyA, ...d.onlyB].filter((t) => /\d/.test(t)).length;
    },
  },
  {
    // Near-misses keep the start and change one word late; rewordings change the start.
    name: 'firstDiff',
    compute: (q, c) => {
      const n = Math.max(q.terms.length, c.terms.length, 1);
      let i = 0;
      while (i < n && q.terms[i] === c.terms[i]) i++;
      return i / n;
    },
  },
  {
    // Share of the changed words that have a near-synonym among the other side's changed words
    // (GloVe cosine ≥ 0.6; the engine holds no WordNet table, decision 075).
    name: 'swapSynonymShare',
    compute: (q, c) => {
      const d = diffTerms(q.terms, c.terms);
      const changed = d.onlyA.length + d.onlyB.length;
      if (!changed) return 1;
      const vec = new Map<string, Float32Array | null>();
      for (const w of [...q.words, ...c.words]) vec.set(w.term, w.vector);
      const near = (a: string, others: string[]) => {
        const va = vec.get(a);
        return others.some((b) => {
          const vb = vec.get(b);
          return !!va && !!vb && cosine(va, vb) >= SYNONYM_COSINE;
        });
      };
      const paired =
        d.onlyA.filter((a) => near(a, d.onlyB)).length +
        d.onlyB.filter((b) => near(b, d.onlyA)).length;
      return paired / changed;
    },
  },
];
