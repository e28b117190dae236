import type { Neighbour } from './partition.ts';

/**
 * Where a row of `similarity` goes in `best` (the k best so far, most similar first), or -1 if it
 * does not make them. After equals, so equal similarities keep the order rows were offered in.
 * Scans keep only the k best this way: sorting an object per row cost a lookup on a full partition.
 */
export function placeAmongBest(best: Neighbour[], k: number, similarity: number): number {
  const worst = best[best.length - 1];
  if (best.length === k && worst !== undefined && similarity <= worst.similarity) return -1;
  let at = best.length;
  while (at > 0 && (best[at - 1]?.similarity ?? 0) < similarity) at--;
  return at;
}

/** Puts a neighbour at `at` (from placeAmongBest) and keeps at most k. */
export function keepAmongBest(best: Neighbour[], k: number, at: number, found: Neighbour): void {
  best.splice(at, 0, found);
  if (best.length > k) best.pop();
}
