import { ROUTING_TIERS } from '@tokenwise/contracts';

export type RoutingTierId = (typeof ROUTING_TIERS)[number]['id'];

/** Which requests end up on each tier when routing is on. */
const SERVES: Record<RoutingTierId, string> = {
  mini: 'Simple requests',
  core: 'Medium requests, and complex requests that named a Core or Mini model',
  premium: 'Complex requests that named a Premium model keep it',
};

export interface TierCard {
  id: RoutingTierId;
  label: string;
  /** "$0.5 per 1M tokens", as the spec writes the prices. */
  price: string;
  serves: string;
  sampleModels: readonly string[];
}

export const TIER_CARDS: readonly TierCard[] = ROUTING_TIERS.map((tier) => ({
  id: tier.id,
  label: tier.label,
  price: `$${tier.pricePerMillion} per 1M tokens`,
  serves: SERVES[tier.id],
  sampleModels: tier.sampleModels,
}));
