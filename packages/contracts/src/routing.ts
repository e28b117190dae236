import { z } from 'zod';

/**
 * The routing tiers as the /routing screen shows them, with a few well-known models of each. The
 * gateway tiers models by `@tokenwise/pricing` (not browser-safe); a server test checks that these
 * prices are its reference prices and that each sample model is in its catalog at this tier.
 */
export const ROUTING_TIERS = [
  {
    id: 'mini',
    label: 'Mini',
    pricePerMillion: 0.5,
    sampleModels: [
      'gpt-4o-mini',
      'claude-haiku-4-5',
      'gemini-2.5-flash-lite',
      'mistral-small-latest',
    ],
  },
  {
    id: 'core',
    label: 'Core',
    pricePerMillion: 3,
    sampleModels: ['gpt-4.1', 'claude-sonnet-4-5', 'gemini-2.5-pro', 'mistral-large-latest'],
  },
  { id: 'premium', label: 'Premium', pricePerMillion: 15, sampleModels: ['claude-opus-4-1', 'o1'] },
] as const;
export const EFFICIENCY_FACTOR = 0.4;

export const RoutingStats = z.object({
  total_requests: z.number(),
  routed_requests: z.number(),
  routing_rate: z.number(),
  cost_saved: z.number(),
  /**
   * Every request of the period: the three classes, those left out of the sample scored while
   * routing would not use the score (so the classes hold a sample of them, decision 051), and those
   * never scored for another reason (docs/metrics.md).
   */
  difficulty_breakdown: z.object({
    simple: z.number(),
    medium: z.number(),
    complex: z.number(),
    not_sampled: z.number(),
    not_scored: z.number(),
  }),
  /** Classes no longer downgraded because users thumbed down too many routed answers of that class. */
  held_difficulties: z.array(z.enum(['simple', 'medium', 'complex'])),
});
export type RoutingStats = z.infer<typeof RoutingStats>;

const RoutingConfigFields = z.object({
  enabled: z.boolean(),
  difficulty_threshold_simple: z
    .number()
    .int('Thresholds must be whole numbers')
    .min(1)
    .max(1_000_000),
  difficulty_threshold_complex: z
    .number()
    .int('Thresholds must be whole numbers')
    .min(1)
    .max(1_000_000),
});

export const ROUTING_THRESHOLD_ORDER_MESSAGE =
  'The simple threshold must be below the complex threshold';

export const RoutingConfig = RoutingConfigFields.refine(
  (c) => c.difficulty_threshold_simple < c.difficulty_threshold_complex,
  { message: ROUTING_THRESHOLD_ORDER_MESSAGE },
);
export type RoutingConfig = z.infer<typeof RoutingConfig>;
/**
 * A save: a field left out keeps its stored value. The order of the two thresholds is checked on
 * what would be stored, so a save of one threshold is checked against the other's stored value.
 */
export const RoutingConfigUpdate = RoutingConfigFields.partial().refine(
  (c) =>
    c.difficulty_threshold_simple === undefined ||
    c.difficulty_threshold_complex === undefined ||
    c.difficulty_threshold_simple < c.difficulty_threshold_complex,
  { message: ROUTING_THRESHOLD_ORDER_MESSAGE },
);
export type RoutingConfigUpdate = z.infer<typeof RoutingConfigUpdate>;
