// The two halves of "the owner of the building" (issue 17). The pruner keeps the head of "the X
// of" (decision 053) but the unigram count finds the noun after "of" as cheap as any other, so
// "the owner of the building wants" became "owner raise", "the review of the payment service"
// became "review" and "the fix for the login bug" became "fix": an action or a role with nothing
// it applies to. Without a part-of-speech tagger, positions stand in for roles: a noun phrase
// opened by a determiner and followed by "of"/"for" and a definite noun phrase ("the building",
// "our billing service") is one thing said in two parts, and both parts stay. A chain keeps going
// ("a missing limit for the size of the index").
import { isLabelWord, type LineTokens, spacesOnly } from './fact-labels.ts';

/** What opens the head noun phrase: "the review", "a missing limit", "our list". */
const DETERMINERS = new Set('the a an my our your their its his her'.split(' '));
/** What opens a complement that names one thing: "of the building", "for our team". */
const DEFINITE = new Set('the my our your their its his her'.split(' '));
const LINKS = new Set(['of', 'for']);
/** Longest run of content words taken for one noun ("the new billing dashboard"). */
const RUN = 3;

/** Indices of the words of the line that are the head or the complement of such a phrase. */
export function ofPhrases({ line, starts, ends, lowered }: LineTokens): Set<number> {
  const keep = new Set<number>();
  // Between two words of one phrase there is nothing but spaces.
  const joined = (i: number) => i > 0 && spacesOnly(line, ends[i - 1], starts[i]);
  const nounAt = (i: number) => lowered[i] === '' || isLabelWord(lowered[i]);
  /** The end of the run of nouns opening at i (no further than RUN words). */
  const runEnd = (i: number) => {
    let j = i;
    while (j < lowered.length && j < i + RUN && nounAt(j) && (j === i || joined(j))) j += 1;
    return j;
  };
  /** Whether an "of"/"for" and a definite determiner follow at i. */
  const linkAt = (i: number) =>
    LINKS.has(lowered[i] ?? '') && joined(i) && DEFINITE.has(lowered[i + 1] ?? '') && joined(i + 1);
  for (let d = 0; d < lowered.length - 3; d += 1) {
    if (!DETERMINERS.has(lowered[d] as string) || !joined(d + 1)) continue;
    let head = d + 1;
    let end = runEnd(head);
    if (end === head || !linkAt(end)) continue;
    while (end > head && linkAt(end)) {
      for (let k = head; k < end; k += 1) if (lowered[k] !== '') keep.add(k);
      head = end + 2;
      while (DEFINITE.has(lowered[head] ?? '') && joined(head)) head += 1;
      end = runEnd(head);
    }
    for (let k = head; k < end; k += 1) if (lowered[k] !== '') keep.add(k);
    d = Math.max(d, end - 1);
  }
  return keep;
}
