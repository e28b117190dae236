import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listModels } from './catalog.ts';
import { resolveModel } from './resolve-model.ts';
import { TIER_BOUNDARIES, TIERS, tierForInputPrice } from './tiers.ts';
import type { Tier } from './types.ts';

describe('tiers', () => {
  it('carries the spec prices for the routing screen', () => {
    assert.deepEqual(
      Object.values(TIERS).map((tier) => `${tier.label} $${tier.pricePerMillion}`),
      ['Mini $0.5', 'Core $3', 'Premium $15'],
    );
  });

  it('puts the well-known models where the routing screen expects them', () => {
    const expected: [string, Tier][] = [
      ['gpt-4o-mini', 'mini'],
      ['gpt-4.1-nano', 'mini'],
      ['claude-3-5-haiku-latest', 'mini'],
      ['gemini-2.0-flash', 'mini'],
      ['gemini-2.5-flash', 'mini'],
      ['ministral-8b-latest', 'mini'],
      ['groq/llama-3.1-8b-instant', 'mini'],
      ['gpt-4o', 'core'],
      ['gpt-4.1', 'core'],
      ['claude-3-5-sonnet-latest', 'core'],
      ['claude-sonnet-4-5', 'core'],
      ['gemini-2.5-pro', 'core'],
      ['gemini-1.5-pro', 'core'],
      ['mistral-large-latest', 'core'],
      ['claude-opus-4-1', 'premium'],
      ['claude-opus-4-0', 'premium'],
      ['o1', 'premium'],
      ['gpt-4.5-preview', 'premium'],
    ];
    for (const [name, tier] of expected) assert.equal(resolveModel(name)?.tier, tier, name);
  });

  it('gives every catalog model the tier whose price is nearest on a log scale', () => {
    const distance = (price: number, tier: Tier) =>
      Math.abs(Math.log(price / TIERS[tier].pricePerMillion));
    for (const model of listModels()) {
      for (const other of Object.keys(TIERS) as Tier[]) {
        assert.ok(
          distance(model.inputPerMillion, model.tier) <= distance(model.inputPerMillion, other),
          `${model.qualifiedId} at $${model.inputPerMillion} is nearer ${other}`,
        );
      }
    }
  });

  it('never ranks a pricier model in a lower tier', () => {
    const order: Tier[] = ['mini', 'core', 'premium'];
    const prices = [0, 0.1, 0.5, 1, 1.2, 1.25, 2, 3, 5, 6.7, 6.8, 15, 75];
    const ranks = prices.map((price) => order.indexOf(tierForInputPrice(price)));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
    );
    assert.ok(TIER_BOUNDARIES.coreFrom > TIERS.mini.pricePerMillion);
    assert.ok(TIER_BOUNDARIES.coreFrom < TIERS.core.pricePerMillion);
    assert.ok(TIER_BOUNDARIES.premiumFrom < TIERS.premium.pricePerMillion);
  });
});
