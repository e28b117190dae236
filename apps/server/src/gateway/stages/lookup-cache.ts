import { type ModelInfo, resolveServedModel } from '@tokenwise/pricing';
import type { StoredAnswer } from '../cache/response-cache.ts';
import type { TargetedContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import {
  CACHE_MAX_CHARS,
  cacheKeySkipReason,
  cacheSkipReason,
  tooManyMessages,
} from './limit-optimizations.ts';
import { mayOptimize } from './sample-baseline.ts';

/**
 * The semantic cache, read side: an exact or close-enough earlier answer in the same account,
 * provider, model family and conversation context is served without calling the provider.
 * Reads the redacted prompt, so cached text never holds the caller's personal data.
 */
export async function lookupCache(
  ctx: TargetedContext,
  services: GatewayServices,
): Promise<StoredAnswer | undefined> {
  const settings = ctx.account?.settings;
  const requested = ctx.target.requested;
  if (!settings || !ctx.apiKey) return undefined;
  if (settings.cache_enabled !== 1 || !mayOptimize(ctx)) {
    ctx.cache.status = 'off';
    return undefined;
  }
  if (ctx.promptChars > CACHE_MAX_CHARS) {
    const reason = cacheSkipReason(ctx);
    if (reason) ctx.optimization.skipped.push(reason);
    ctx.cache.status = 'off';
    return undefined;
  }
  // Noted once, with the reason, by limitOptimizations.
  if (tooManyMessages(ctx)) {
    ctx.cache.status = 'off';
    return undefined;
  }
  const tooLarge = cacheKeySkipReason(ctx);
  if (tooLarge) {
    ctx.optimization.skipped.push(tooLarge);
    ctx.cache.status = 'off';
    return undefined;
  }
  if (ctx.cache.mode === 'bypass') {
    ctx.cache.status = 'bypass';
    return undefined;
  }
  const { model: _m, messages, stream: _s, stream_options: _o, ...params } = ctx.request;
  ctx.cache.input = services.cache.keyInput(
    { accountId: ctx.apiKey.accountId, provider: requested.provider, model: requested },
    messages,
    params,
  );
  ctx.cache.ttlSeconds ??= settings.cache_ttl_seconds;
  ctx.cache.status = 'miss';
  if (ctx.cache.mode === 'refresh') return undefined;
  let result: Awaited<ReturnType<typeof services.cache.lookup>>;
  try {
    // Only a hit is read here: a miss need not say which candidate came nearest, nor why not.
    result = await services.cache.lookup(
      ctx.cache.input,
      settings.cache_similarity_threshold,
      settings.cache_embedder,
      false,
    );
  } catch (err) {
    // A provider embedder that fails (no key, outage) costs a miss, never the request.
    services.deps.log.warn({ err }, 'cache lookup failed');
    ctx.cache.status = 'off';
    ctx.cache.input = undefined;
    return undefined;
  }
  if (result.kind === 'miss') return undefined;
  const answer = services.cache.answerOf(result.entry);
  // An entry serves its model family (decision 005), and a routed answer is kept under the family
  // of the model the caller named. A pinned request asked for that model, not routing's choice:
  // an answer another family wrote is a miss for it (decision 129).
  if (ctx.pinModel && !writtenInFamilyOf(answer, requested)) return undefined;
  if (await downgradeNowHeld(answer, requested, ctx, services)) return undefined;
  ctx.cache.status = 'hit';
  ctx.cache.entryId = result.entry.id;
  ctx.cache.similarity = result.similarity;
  ctx.cache.layer = result.kind;
  if (result.verified) ctx.cache.verified = true;
  return answer;
}

function writtenInFamilyOf(answer: StoredAnswer, requested: ModelInfo): boolean {
  const writer = resolveServedModel(`${requested.provider}/${answer.response.model}`);
  return writer?.family === requested.family;
}

/**
 * A class whose routed answers users disliked is no longer downgraded (routing-guard), and the
 * downgraded answers stored for it before are no longer served: the caller gets, and the cache
 * then keeps, the requested model's answer. The class is read off the tiers, as routing chose it:
 * a Mini writer answered a simple request, a Core writer under a Premium request a medium one.
 */
async function downgradeNowHeld(
  answer: StoredAnswer,
  requested: ModelInfo,
  ctx: TargetedContext,
  services: GatewayServices,
): Promise<boolean> {
  const writer = resolveServedModel(`${requested.provider}/${answer.response.model}`);
  if (!writer || TIER_RANK[writer.tier] >= TIER_RANK[requested.tier]) return false;
  const difficulty = writer.tier === 'mini' ? 'simple' : 'medium';
  return services.routingGuard.isHeld(ctx.account?.accountId ?? '', difficulty);
}

const TIER_RANK: Record<ModelInfo['tier'], number> = { mini: 0, core: 1, premium: 2 };
