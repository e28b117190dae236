import { ROUTING_TIERS } from '@tokenwise/contracts';
import type { Difficulty, DifficultyInput } from '@tokenwise/difficulty';

const TIER_OF: Record<Difficulty, (typeof ROUTING_TIERS)[number]['id']> = {
  simple: 'mini',
  medium: 'core',
  complex: 'premium',
};

/** The spec's tier prices (Mini, Core, Premium), dollars per 1M tokens, for input and output alike. */
export const TIER_PRICE_PER_MILLION = Object.fromEntries(
  (Object.keys(TIER_OF) as Difficulty[]).map((d) => [
    d,
    ROUTING_TIERS.find((tier) => tier.id === TIER_OF[d])?.pricePerMillion ?? Number.NaN,
  ]),
) as Record<Difficulty, number>;

/**
 * Assumed answer length by the prompt's true class (the answer a task needs does not depend on
 * where it is routed): a sentence or two, a few paragraphs or a snippet, a long structured answer.
 * A max_tokens / max_completion_tokens below the assumption caps it.
 */
export const ASSUMED_OUTPUT_TOKENS: Record<Difficulty, number> = {
  simple: 150,
  medium: 500,
  complex: 1200,
};

export interface CostRow {
  label: Difficulty;
  predicted: Difficulty;
  promptTokens: number;
  request: DifficultyInput;
}

export interface CostSummary {
  allPremiumUsd: number;
  routedUsd: number;
  /** Routing by the true labels: the most a perfect scorer could save on this set. */
  oracleUsd: number;
  savedShare: number;
  oracleSavedShare: number;
}

export function summariseCost(rows: CostRow[]): CostSummary {
  let allPremiumUsd = 0;
  let routedUsd = 0;
  let oracleUsd = 0;
  for (const row of rows) {
    const tokens = row.promptTokens + outputTokens(row);
    allPremiumUsd += price(tokens, 'complex');
    routedUsd += price(tokens, row.predicted);
    oracleUsd += price(tokens, row.label);
  }
  return {
    allPremiumUsd,
    routedUsd,
    oracleUsd,
    savedShare: allPremiumUsd === 0 ? 0 : 1 - routedUsd / allPremiumUsd,
    oracleSavedShare: allPremiumUsd === 0 ? 0 : 1 - oracleUsd / allPremiumUsd,
  };
}

function outputTokens({ label, request }: CostRow): number {
  const cap = request.max_completion_tokens ?? request.max_tokens;
  const assumed = ASSUMED_OUTPUT_TOKENS[label];
  return typeof cap === 'number' && cap > 0 ? Math.min(cap, assumed) : assumed;
}

function price(tokens: number, tier: Difficulty): number {
  return (tokens / 1_000_000) * TIER_PRICE_PER_MILLION[tier];
}
