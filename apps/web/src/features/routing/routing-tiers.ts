import { ROUTING_TIERS } from '@tokenwise/contracts';

export type RoutingTierId = (typeof ROUTING_TIERS)[number]['id'];

/**
 * A few well-known models per tier, taken from the gateway's static catalog
 * (`packages/pricing/README.md`). The screen cannot ask `/v1/models`, which wants a gateway key,
 * and the catalog only changes with a release, so a short fixed list is accurate enough.
 */
const SAMPLE_MODELS: Record<RoutingTierId, readonly string[]> = {
  mini: ['gpt-4o-mini', 'claude-haiku-4-5', 'gemini-2.0-flash', 'mistral-small-latest'],
  core: ['gpt-4.1', 'claude-sonnet-4-5', 'gemini-2.5-pro', 'mistral-large-latest'],
  premium: ['claude-opus-4-1', 'o1'],
};

/** Which requests end up on each tier when routing is on. */
const SERVES: Record<RoutingTierId, string> = {
  mini: 'Simple requests',
  core: 'Medium requests, and complex requests that named a Mini model',
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
  sampleModels: SAMPLE_MODELS[tier.id],
}));
