import { type Difficulty, type DifficultyResult, scoreDifficulty } from '@tokenwise/difficulty';
import { cheapestInTier, type ModelInfo, type Tier } from '@tokenwise/pricing';
import type { TargetedContext } from '../context.ts';
import { modelBoundFeatures, requestNeeds } from '../request/request-needs.ts';
import type { GatewayServices } from '../services.ts';
import { whereToOptimize, withinBudget } from './limit-optimizations.ts';
import { targetFor } from './resolve-target.ts';
import { mayOptimize } from './sample-baseline.ts';

/**
 * Smart routing: score the request's difficulty and send it to the cheapest model of the same
 * provider whose tier fits (simple → Mini, medium → Core, complex → as requested, or Core when a
 * Mini model was asked to do a complex task), never to a model lacking a feature the request uses.
 * Difficulty classes that users have thumbed down too often are not downgraded. A request using
 * extended thinking or prompt caching keeps its model: the smaller Claude models cannot think, and
 * Anthropic's prompt cache is per model, so a switch would pay for the cached prefix again.
 */
export async function routeModel(ctx: TargetedContext, services: GatewayServices): Promise<void> {
  const settings = ctx.account?.settings;
  const requested = ctx.target.requested;
  if (!settings) return;
  const thresholds = {
    simple: settings.routing_threshold_simple,
    complex: settings.routing_threshold_complex,
  };
  const routes = Boolean(settings.routing_enabled) && mayOptimize(ctx) && !ctx.pinModel;
  if (!routes) {
    // Nothing on the request path reads the difficulty; only the routing screen's mix and the
    // request detail do, so a sample of such requests is scored (decision 051). A prompt too long
    // to score is not scored whether drawn or not, and its row says why (limitOptimizations).
    const where = whereToOptimize(ctx);
    if (where === 'nowhere') return;
    const every = services.deps.config.difficultySampleEvery;
    if (!inDifficultySample(ctx.requestId, every)) {
      ctx.routing.notSampled = every;
      return;
    }
    if (where === 'here') {
      ctx.routing.scoreLater = () => scoreHere(ctx, thresholds);
      return;
    }
  }
  const scored = await score(ctx, services, thresholds);
  // A prompt too long to score (or scored too slowly) keeps no difficulty and its model.
  if (!scored) return;
  const { difficulty, reasons } = scored;
  ctx.routing.difficulty = difficulty;
  ctx.routing.reasons = reasons;
  if (!routes) return;

  // With no price there is nothing to be cheaper than: the model stays (decision 146).
  if (!requested.priced) {
    ctx.routing.reasons = [...reasons, 'kept the requested model: no listed price'];
    return;
  }
  // A model the capability table lacks may rely on a feature no cheaper model has; it stays.
  if (!requested.capabilitiesKnown) {
    ctx.routing.reasons = [...reasons, 'kept the requested model: not in the routing catalog'];
    return;
  }
  const tier = targetTier(difficulty, requested.tier);
  if (!tier) return;
  const cheaper = cheapestInTier(requested.provider, tier, requestNeeds(ctx.request, requested));
  if (!cheaper || cheaper.id === requested.id) return;
  // Within the requested tier, only move to a model that is actually cheaper.
  if (tier === requested.tier && cheaper.inputPerMillion >= requested.inputPerMillion) return;
  const bound = modelBoundFeatures(ctx.request);
  if (bound.length) {
    ctx.routing.reasons = [...reasons, `kept the requested model: ${bound.join(', ')}`];
    return;
  }
  const accountId = ctx.account?.accountId ?? '';
  if (
    RANK[tier] < RANK[requested.tier] &&
    (await services.routingGuard.isHeld(accountId, difficulty))
  ) {
    ctx.routing.reasons = [
      ...reasons,
      `not downgraded: users disliked routed ${difficulty} answers`,
    ];
    return;
  }
  ctx.routing.wasRouted = true;
  ctx.target = await targetFor(ctx, services, requested, cheaper);
}

const RANK: Record<Tier, number> = { mini: 0, core: 1, premium: 2 };

/**
 * One request in `every`, drawn from the request id's random tail (uuidv7: the last 12 hex digits
 * come from randomUUID), so the draw needs no state and a request is in or out on any instance.
 */
export function inDifficultySample(requestId: string, every: number): boolean {
  return every <= 1 || Number.parseInt(requestId.slice(-8), 16) % every === 0;
}

/** Difficulty in the event loop for short prompts, in the worker pool for long ones. */
async function score(
  ctx: TargetedContext,
  services: GatewayServices,
  thresholds: { simple: number; complex: number },
): Promise<DifficultyResult | undefined> {
  const where = whereToOptimize(ctx);
  if (where === 'nowhere') return undefined;
  if (where === 'here') return scoreHere(ctx, thresholds);
  const input = ctx.request;
  return withinBudget(ctx, 'difficulty scoring', (signal) =>
    services.deps.cpu.scoreDifficulty({ input, thresholds }, signal),
  );
}

/** Difficulty counts in o200k_base: compression's count of the same prompt, if any, is reused. */
function scoreHere(
  ctx: TargetedContext,
  thresholds: { simple: number; complex: number },
): DifficultyResult {
  const countTokens = ctx.tokenCounts?.counter('o200k_base');
  return scoreDifficulty(ctx.request, thresholds, { countTokens });
}

function targetTier(difficulty: Difficulty, requestedTier: ModelInfo['tier']): Tier | undefined {
  if (difficulty === 'simple') return 'mini';
  if (difficulty === 'medium') return 'core';
  return requestedTier === 'mini' ? 'core' : undefined;
}
