import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import { average, money } from './figures.ts';
import { aggregate } from './rollup-query.ts';
import type { Window } from './time-range.ts';

/**
 * The request counts and token/cost sums every screen shows, defined once (docs/metrics.md).
 * `requests` = optimized + passthrough + failed, always.
 */
export interface RequestFigures {
  /** Every call the gateway logged for the account: chat and embeddings, success or error. */
  requests: number;
  /** Successful calls that went through the optimizations (cache hits included). */
  optimized: number;
  /** Successful calls sent unoptimized: over the quota, or drawn for the A/B baseline sample. */
  passthrough: number;
  /** Of `passthrough`, those drawn for the A/B baseline sample. */
  baseline: number;
  /** Calls that ended in an error (the provider's or the gateway's). */
  failed: number;
  cacheHits: number;
  /** Calls sent to another model than the one requested: a cheaper one, or Core for a complex task a Mini model was asked. */
  routed: number;
  /** Prompt tokens sent to providers on optimized calls: what the monthly quota counts. */
  optimizedTokens: number;
  /** Prompt tokens removed by compression, plus the whole call's tokens on a cache hit. */
  tokensSaved: number;
  /** Σ of each call's logged cost saving (what the requested model would have cost − actual). */
  costSaved: number;
  /** Σ cost_saved of routed calls only, net of what raising a Mini model to Core cost more. */
  routedCostSaved: number;
  actualCost: number;
  /** The mean latency unrounded: a percent change is taken of it, not of its one-decimal display. */
  meanLatencyMs: number;
  avgLatencyMs: number;
}

/** The figures of one window, from the rollups (one grouped read). */
export async function requestFigures(
  db: Kysely<Database>,
  accountId: string,
  window: Window,
  opts: { rawFrom?: number | undefined } = {},
): Promise<RequestFigures> {
  const rows = await aggregate(db, accountId, window, {
    groupBy: ['status', 'is_baseline', 'is_passthrough', 'cache_hit', 'was_routed'],
    rawFrom: opts.rawFrom,
  });
  const f = {
    requests: 0,
    optimized: 0,
    passthrough: 0,
    baseline: 0,
    failed: 0,
    cacheHits: 0,
    routed: 0,
    optimizedTokens: 0,
    tokensSaved: 0,
    costSaved: 0,
    routedCostSaved: 0,
    actualCost: 0,
    latency: 0,
  };
  for (const r of rows) {
    f.requests += r.requests;
    f.tokensSaved += r.tokens_saved;
    f.costSaved += r.cost_saved;
    f.actualCost += r.actual_cost;
    f.latency += r.latency_ms_sum;
    if (Number(r.was_routed) === 1) {
      f.routed += r.requests;
      f.routedCostSaved += r.cost_saved;
    }
    if (r.status !== 'success') {
      f.failed += r.requests;
      continue;
    }
    if (Number(r.is_baseline) === 1 || Number(r.is_passthrough) === 1) {
      f.passthrough += r.requests;
      if (Number(r.is_baseline) === 1) f.baseline += r.requests;
      continue;
    }
    f.optimized += r.requests;
    f.optimizedTokens += r.tokens_in;
    if (Number(r.cache_hit) === 1) f.cacheHits += r.requests;
  }
  // A partial hour past the retention cut-off is a share of its hourly rollup (`segmentsOf`), so
  // counts can arrive fractional: show whole requests and tokens, the parts adding up to the total
  // (decision 086).
  const optimized = Math.round(f.optimized);
  const passthrough = Math.round(f.passthrough);
  const failed = Math.round(f.failed);
  const { latency, ...sums } = f;
  const requests = optimized + passthrough + failed;
  return {
    ...sums,
    requests,
    optimized,
    passthrough,
    baseline: Math.min(passthrough, Math.round(f.baseline)),
    failed,
    cacheHits: Math.min(optimized, Math.round(f.cacheHits)),
    routed: Math.min(requests, Math.round(f.routed)),
    optimizedTokens: Math.round(f.optimizedTokens),
    tokensSaved: Math.round(f.tokensSaved),
    costSaved: money(f.costSaved),
    routedCostSaved: money(f.routedCostSaved),
    actualCost: money(f.actualCost),
    meanLatencyMs: f.requests === 0 ? 0 : latency / f.requests,
    avgLatencyMs: average(latency, f.requests),
  };
}
