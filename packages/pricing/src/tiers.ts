import type { Tier } from './types.ts';

/** The routing tiers and their reference price per 1M tokens, as the product spec shows them. */
export const TIERS = {
  mini: { label: 'Mini', pricePerMillion: 0.5 },
  core: { label: 'Core', pricePerMillion: 3 },
  premium: { label: 'Premium', pricePerMillion: 15 },
} as const satisfies Record<Tier, { label: string; pricePerMillion: number }>;

/**
 * A model belongs to the tier whose reference price is nearest to its input price on a log scale,
 * so each boundary is the geometric mean of two neighbouring reference prices:
 * mini below √(0.5·3) ≈ $1.22, premium from √(3·15) ≈ $6.71 per 1M input tokens.
 * Input price is the rule because the spec's reference prices are input prices (Core $3 is a
 * Sonnet-class input price, Premium $15 an Opus/o1 one); output prices scale with them.
 */
export const TIER_BOUNDARIES = {
  coreFrom: Math.sqrt(TIERS.mini.pricePerMillion * TIERS.core.pricePerMillion),
  premiumFrom: Math.sqrt(TIERS.core.pricePerMillion * TIERS.premium.pricePerMillion),
} as const;

export function tierForInputPrice(inputPerMillion: number): Tier {
  if (inputPerMillion >= TIER_BOUNDARIES.premiumFrom) return 'premium';
  if (inputPerMillion >= TIER_BOUNDARIES.coreFrom) return 'core';
  return 'mini';
}
