import { type Embedder, type GuardName, SemanticCache } from '@tokenwise/semantic-cache';
import type { LabelledPair } from './pairs.ts';

/** What the engine did with one pair: the similarity it saw and the guard that refused, if any. */
export interface PairOutcome {
  pair: LabelledPair;
  similarity: number;
  refusedBy: GuardName | null;
  /**
   * Whether the pair verifier (decision 036) accepts the pair when it falls below the threshold:
   * a hit at any threshold above its similarity when the verifier is on.
   */
  verified: boolean;
}

/** Every pair is asked in the same account and the same (empty) conversation context. */
export const evalRequest = (text: string) => ({
  accountId: 'eval',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: chatMessages(text),
  params: {},
});

/**
 * A prompt written with "[[system]]", "[[user]]" or "[[assistant]]" markers (decision 139) is a
 * messages array, one message per marker; any other prompt is one user message.
 */
export function chatMessages(text: string): { role: string; content: string }[] {
  const parts = text.split(/\[\[(system|user|assistant)\]\]/);
  if (parts.length === 1) return [{ role: 'user', content: text }];
  const messages: { role: string; content: string }[] = [];
  for (let i = 1; i < parts.length; i += 2)
    messages.push({ role: parts[i] ?? 'user', content: (parts[i + 1] ?? '').trim() });
  return messages;
}

/** The highest threshold the pair verifier is still asked at: above any similarity but 1. */
export const VERIFIER_PROBE = 1 - 1e-9;

/**
 * Runs `look` with `pair`'s cached prompt as the only entry of `cache`: inserted, then removed, so
 * each pair is judged against its own cached prompt alone.
 */
export async function withOnlyCached<T>(
  cache: SemanticCache,
  pair: LabelledPair,
  i: number,
  look: () => Promise<T>,
): Promise<T> {
  const id = `pair-${i}`;
  cache.insert({
    ...(await cache.prepare(evalRequest(pair.cached))),
    id,
    expiresAt: Number.POSITIVE_INFINITY,
  });
  try {
    return await look();
  } finally {
    cache.remove(id);
  }
}

/**
 * Runs every pair through the real engine: the cached prompt is inserted, the query looked up
 * with threshold 0 (so the similarity and the guard verdict are always reported), then removed.
 * A pair is a hit at threshold t when similarity ≥ t and no guard refused.
 */
export async function scorePairs(
  pairs: LabelledPair[],
  embedder: Embedder,
  guards: Partial<Record<GuardName, boolean>> = {},
): Promise<PairOutcome[]> {
  const cache = new SemanticCache({ embedder, guards, pairVerifier: true });
  const outcomes: PairOutcome[] = [];
  for (const [i, pair] of pairs.entries()) {
    const [result, below] = await withOnlyCached(cache, pair, i, async () => [
      await cache.lookup(evalRequest(pair.query), { threshold: 0 }),
      // Above every similarity, a hit is the verifier's doing. Not at 1 or more: a threshold of 1
      // asks for the same words and the verifier is not asked there (decision 124), which made
      // every pair unverified (decision 139).
      await cache.lookup(evalRequest(pair.query), { threshold: VERIFIER_PROBE }),
    ]);
    const verified = below.kind === 'semantic';
    if (result.kind === 'miss') {
      outcomes.push({
        pair,
        similarity: result.best?.similarity ?? 0,
        refusedBy: guardOf(result.best?.refusedBy),
        verified,
      });
    } else {
      outcomes.push({ pair, similarity: result.similarity, refusedBy: null, verified });
    }
  }
  return outcomes;
}

function guardOf(reason: GuardName | 'threshold' | undefined): GuardName | null {
  return reason === undefined || reason === 'threshold' ? null : reason;
}
