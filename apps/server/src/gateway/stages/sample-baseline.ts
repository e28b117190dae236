import type { GatewayContext } from '../context.ts';

/**
 * The A/B baseline: sample_rate percent of requests skip every optimization so savings can be
 * measured against real unoptimized traffic (0 = none, 100 = all pass through).
 */
export function sampleBaseline(ctx: GatewayContext, random: () => number = Math.random): void {
  const rate = ctx.account?.settings.baseline_sample_rate ?? 0;
  ctx.baseline = !ctx.passthrough && rate > 0 && random() * 100 < rate;
}

/** Whether optimizing stages (compression, routing, cache) may touch this request. */
export function mayOptimize(ctx: GatewayContext): boolean {
  return !ctx.passthrough && !ctx.baseline;
}
