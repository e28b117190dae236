import { type Embedder, SemanticCache } from '@tokenwise/semantic-cache';
import type { LabelledPair } from './pairs.ts';
import { evalRequest as request } from './score-pairs.ts';

export interface ReplayResult {
  threshold: number;
  cachedPrompts: number;
  queries: number;
  /** A paraphrase answered with its own group's cached prompt. */
  correctHits: number;
  /** A paraphrase answered with another group's prompt, or a negative answered at all. */
  falseHits: number;
  misses: number;
  falseHitShare: number;
}

/**
 * A closer look at production: every group's cached prompt sits in one cache (one account, one
 * context), and every paraphrase and negative is looked up against all of them at once, so a
 * query can also be captured by a neighbouring group's entry.
 */
export async function replay(
  pairs: LabelledPair[],
  embedder: Embedder,
  threshold: number,
): Promise<ReplayResult> {
  const cache = new SemanticCache({ embedder });
  // Light paraphrases and negatives are written against the group's base prompt: that is what is cached.
  const baseOf = new Map(pairs.filter((p) => p.kind === 'light').map((p) => [p.group, p.cached]));
  const groupOfEntry = new Map<string, string>();
  for (const [group, base] of baseOf) {
    const id = `cached:${group}`;
    groupOfEntry.set(id, group);
    cache.insert({
      ...(await cache.prepare(request(base))),
      id,
      expiresAt: Number.POSITIVE_INFINITY,
    });
  }
  // Topic pairs are left out: their query is another group's base, which is itself cached.
  const queries = pairs.filter((p) => p.kind !== 'topic' && p.cached === baseOf.get(p.group));
  let correctHits = 0;
  let falseHits = 0;
  let misses = 0;
  for (const pair of queries) {
    const result = await cache.lookup(request(pair.query), { threshold });
    const hitGroup = result.kind === 'miss' ? null : groupOfEntry.get(result.entry.id);
    if (pair.same && hitGroup === pair.group) correctHits++;
    else if (hitGroup) falseHits++;
    else if (pair.same) misses++;
  }
  const hits = correctHits + falseHits;
  return {
    threshold,
    cachedPrompts: groupOfEntry.size,
    queries: queries.length,
    correctHits,
    falseHits,
    misses,
    falseHitShare: hits ? Math.round((falseHits / hits) * 10_000) / 10_000 : 0,
  };
}
