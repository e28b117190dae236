// The diff once spelling variants, compounds, lone scope words and lone request verbs are folded.
import { cancelVariants } from './cancel-variants.ts';
import { PART_TERMS, withoutLoneScope } from './scope-terms.ts';
import { type Difference, diffTerms } from './term-diff.ts';
import { REQUEST } from './word-terms.ts';

/**
 * The most word pairs (one side's changed words times the other's) searched for spelling
 * variants, typos and opposites by prefix: 64 changed words a side, which no pair that may be a
 * hit comes near.
 */
export const VARIANT_PAIRS_MAX = 4_096;

/**
 * The diff once spelling variants, compounds and lone framing request verbs are folded: what the
 * rules read. Words cancelled as variants count as shared.
 */
export function foldedDifference(a: string[], b: string[]): Difference {
  const diff = diffTerms(a, b);
  // Refused as it is: cancelling spelling variants compares every word of one side with every
  // word of the other, as costly as the alignment that was not done.
  if (diff.capped) return diff;
  // Decision 246: so is a pair with more changed words on each side than VARIANT_PAIRS_MAX
  // allows: two prompts of 250 made-up words each held the loop ~20 ms here alone.
  if (diff.onlyA.length * diff.onlyB.length > VARIANT_PAIRS_MAX) return { ...diff, capped: true };
  const variants = cancelVariants(diff.onlyA, diff.onlyB);
  const shared = diff.shared + diff.onlyA.length - variants.onlyA.length;
  // "the last commit" / "the last few commits": a set word beside a member word both sides share
  // asks for more members of it, not the same one.
  const sharedMember = a.some((w) => PART_TERMS.has(w)) && b.some((w) => PART_TERMS.has(w));
  return { ...withoutLoneScope(withoutLoneRequests(variants), sharedMember), shared };
}

/**
 * A request verb on one side only frames the request ("find and kill" / "kill"), unless it is all
 * that changed against one other word: then it is the action itself ("list" / "update").
 */
function withoutLoneRequests(diff: { onlyA: string[]; onlyB: string[] }): {
  onlyA: string[];
  onlyB: string[];
} {
  const { onlyA, onlyB } = diff;
  const actionSwap = (x: string[], y: string[]) =>
    x.length === 1 && x[0] === REQUEST && y.length === 1;
  if (actionSwap(onlyA, onlyB) || actionSwap(onlyB, onlyA)) return diff;
  return {
    onlyA: onlyA.filter((word) => word !== REQUEST),
    onlyB: onlyB.filter((word) => word !== REQUEST),
  };
}
