import { dot } from '../embedding/embedder.ts';
import {
  checkGuards,
  type GuardFeatures,
  type GuardName,
  guardFeatures,
  refusesAny,
} from '../guards/check-guards.ts';
import { asksPerMember, sameTerms } from '../guards/difference.ts';
import { guardsRead } from '../guards/read-bound.ts';
import { differsInUnknownWord } from '../guards/unknown-words.ts';
import type { PairVerifier } from '../verifier/pair-verifier.ts';
import { agreedSimilarity } from './agreement.ts';
import {
  addsSentenceAroundText,
  asksDifferentlyAroundText,
  narrowsToPartOfText,
} from './around-text-asks.ts';
import type { AroundSharedText } from './shared-text.ts';
import { withoutTextKind } from './text-kind.ts';

/** What the engine lends the judgement: its embeddings (memoised), calibration and settings. */
export interface AroundContext {
  /** The guards' features of the query's remainder (the lookup keeps them across candidates). */
  queryFeatures(text: string): GuardFeatures;
  embed(text: string): Promise<Float32Array>;
  calibrate(raw: number): number;
  agreementFloor: number;
  guards: Partial<Record<GuardName, boolean>> | undefined;
  verifier: PairVerifier | undefined;
  /**
   * The caller reads only a hit (the gateway, decision 144): the refusals are tried cheapest first
   * and a refused verdict names none of them (`refusedBy` is 'instruction', its similarity read
   * only if asked). Hits are the same, with the same similarity.
   */
  hitsOnly?: boolean;
}

export type AroundVerdict =
  | { hit: true; similarity: number; verified?: true }
  | { hit: false; similarity: number; refusedBy: GuardName | 'threshold' };

/**
 * Two prompts around the same pasted text, judged as the short pair of what surrounds it
 * (decision 054; only with the difference check on): an instruction on one side only refuses; the guards read the remainders; an
 * edit inside the text refuses; then the remainders' own similarity meets the threshold, with the
 * pair verifier below it as for any short prompt. `whole` is the full prompts' similarity,
 * reported when the pair is refused before the remainders are embedded.
 */
export async function judgeAroundSharedText(
  around: AroundSharedText,
  whole: number | (() => number),
  threshold: number,
  ctx: AroundContext,
): Promise<AroundVerdict> {
  // The whole prompts' similarity may be worked out when first read (the lookup lifts it for
  // agreeing content words, decision 022): a refusal the caller never reads does not pay for it.
  const wholeOf = typeof whole === 'number' ? () => whole : whole;
  const refuse = (refusedBy: GuardName | 'threshold'): AroundVerdict => ({
    hit: false,
    get similarity() {
      return wholeOf();
    },
    refusedBy,
  });
  // Decision 246: what surrounds the shared text is read by the guards too, within their bound.
  if (!guardsRead(around.query, around.cached)) return refuse('instruction');
  // What the text is ("this Rust error") is no part of the request (decision 059).
  const query = ctx.queryFeatures(withoutTextKind(around.query));
  const cached = guardFeatures(withoutTextKind(around.cached));
  if (ctx.hitsOnly) {
    if (
      around.editedInside ||
      refusesAny(query, cached, ctx.guards) ||
      (query.terms.length === 0) !== (cached.terms.length === 0) ||
      differsInUnknownWord(query.terms, cached.terms) ||
      asksDifferently(around, query, cached)
    )
      return refuse('instruction');
  } else {
    // "Summarize [report]." against "Summarize [report]. Focus on marketing.": one side asks
    // for more (the example); words without content ("please") do not count.
    if ((query.terms.length === 0) !== (cached.terms.length === 0)) return refuse('instruction');
    const refusedBy = checkGuards(query, cached, ctx.guards);
    if (refusedBy) return refuse(refusedBy);
    // Decision 250: two words unknown to the word vectors one slip apart are two words, not a typo.
    if (differsInUnknownWord(query.terms, cached.terms)) return refuse('instruction');
    if (asksDifferently(around, query, cached)) return refuse('instruction');
    if (around.editedInside) return refuse('instruction');
  }
  // Nothing but punctuation and function words around the text: the prompts are the same text.
  if (query.terms.length === 0) return verdictAt(wholeOf(), threshold);

  const raw = dot(await ctx.embed(around.query), await ctx.embed(around.cached));
  let similarity = ctx.calibrate(raw);
  if (sameTerms(query.terms, cached.terms)) {
    // No content word changed around the text: the same question, as the whole prompts' score
    // already says (decision 022). The remainders alone are mostly function words ("what would
    // be a good title for the following" / "suggest a title for this") and embed far apart.
    similarity = Math.max(similarity, wholeOf());
    if (raw >= ctx.agreementFloor && raw < 1)
      similarity = Math.max(similarity, agreedSimilarity(raw, ctx.agreementFloor));
  }
  if (similarity >= threshold) return { hit: true, similarity };
  const verifier = ctx.verifier;
  if (
    verifier &&
    threshold < 1 &&
    similarity >= verifier.floor &&
    verifier.accepts(around.query, query.terms, around.cached, cached.terms, similarity)
  )
    return { hit: true, similarity, verified: true };
  return { hit: false, similarity, refusedBy: 'threshold' };
}

/** One side asks of the text what the other does not: per member, another way, more, or of a part. */
function asksDifferently(
  around: AroundSharedText,
  query: GuardFeatures,
  cached: GuardFeatures,
): boolean {
  return (
    asksPerMember(query.terms, cached.terms) ||
    asksDifferentlyAroundText(around.query, around.cached) ||
    addsSentenceAroundText(around.query, around.cached) ||
    narrowsToPartOfText(around.query, query.terms, around.cached, cached.terms)
  );
}

function verdictAt(similarity: number, threshold: number): AroundVerdict {
  return similarity >= threshold
    ? { hit: true, similarity }
    : { hit: false, similarity, refusedBy: 'threshold' };
}
