import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cheapestInTier, listModels, meetsNeeds } from './catalog.ts';
import { CATALOG_IDS } from './models.data.ts';
import { resolveModel } from './resolve-model.ts';
import { type ModelNeeds, PROVIDER_IDS, type Tier } from './types.ts';

const TIER_NAMES: Tier[] = ['mini', 'core', 'premium'];
const NEEDS: ModelNeeds[] = [
  {},
  { tools: true },
  { vision: true },
  { jsonMode: true },
  { tools: true, vision: true },
  { tools: true, vision: true, jsonMode: true },
  { minContext: 150_000 },
  { minContext: 500_000, tools: true },
  { samplingParams: true },
  { samplingParams: true, vision: true, tools: true },
];

describe('listModels', () => {
  it('lists models of all five providers, each resolvable by its qualified id', () => {
    for (const provider of PROVIDER_IDS) {
      const models = listModels(provider);
      assert.ok(models.length > 0, provider);
      for (const model of models) {
        assert.equal(model.provider, provider);
        assert.equal(resolveModel(model.qualifiedId), model);
      }
    }
    assert.equal(
      listModels().length,
      PROVIDER_IDS.reduce((sum, provider) => sum + listModels(provider).length, 0),
    );
  });

  it('includes the mainstream models of each provider', () => {
    const ids = new Set(listModels().map((model) => model.qualifiedId));
    for (const id of [
      'openai/gpt-4o',
      'openai/gpt-4o-mini',
      'openai/text-embedding-3-small',
      'anthropic/claude-haiku-4-5',
      'anthropic/claude-sonnet-4-0',
      'gemini/gemini-2.5-flash-lite',
      'gemini/gemini-2.5-pro',
      'mistral/mistral-small-latest',
      'mistral/codestral-latest',
      'groq/llama-3.1-8b-instant',
      'groq/llama-3.3-70b-versatile',
    ]) {
      assert.ok(ids.has(id), id);
    }
  });

  it('holds only priced models from the curated list, in its order', () => {
    for (const provider of PROVIDER_IDS) {
      const listed = listModels(provider).map((model) => model.id);
      const curated = CATALOG_IDS[provider].filter((id) => listed.includes(id));
      assert.deepEqual(listed, curated, provider);
      for (const model of listModels(provider)) assert.ok(model.inputPerMillion > 0, model.id);
    }
  });

  it('prices retired models for old traffic but never lists or routes to them', () => {
    const listed = new Set(listModels().map((model) => model.qualifiedId));
    for (const name of [
      'claude-3-5-sonnet-latest',
      'gemini-1.5-pro',
      'gpt-4.5-preview',
      'claude-3-haiku-20240307',
      'gemini-2.0-flash',
      'gemini-2.0-flash-lite',
      'gemini-3-pro-preview',
    ]) {
      const model = resolveModel(name);
      assert.ok(model, name);
      assert.ok(!listed.has(model.qualifiedId), name);
      assert.notEqual(cheapestInTier(model.provider, model.tier)?.id, model.id, name);
    }
  });

  it('hands out copies, so a caller cannot reorder the catalog', () => {
    const first = listModels('openai');
    first.reverse();
    assert.notDeepEqual(listModels('openai'), first);
  });
});

describe('cheapestInTier', () => {
  it('returns a model with every needed capability, and none cheaper that has them', () => {
    for (const provider of PROVIDER_IDS) {
      for (const tier of TIER_NAMES) {
        for (const needs of NEEDS) {
          const label = `${provider} ${tier} ${JSON.stringify(needs)}`;
          const chosen = cheapestInTier(provider, tier, needs);
          const eligible = listModels(provider).filter(
            (model) => model.tier === tier && meetsNeeds(model, needs),
          );
          if (!chosen) {
            assert.deepEqual(eligible, [], label);
            continue;
          }
          assert.equal(chosen.provider, provider, label);
          assert.equal(chosen.tier, tier, label);
          assert.ok(meetsNeeds(chosen, needs), label);
          for (const other of eligible) {
            assert.ok(other.inputPerMillion >= chosen.inputPerMillion, `${label}: ${other.id}`);
          }
        }
      }
    }
  });

  it('never gives a tools and vision request a model lacking either', () => {
    for (const provider of PROVIDER_IDS) {
      for (const tier of TIER_NAMES) {
        const chosen = cheapestInTier(provider, tier, { tools: true, vision: true });
        if (chosen) {
          assert.ok(chosen.capabilities.tools && chosen.capabilities.vision, chosen.id);
        }
      }
    }
    // Groq's cheapest mini model reads no images; a vision request must skip it.
    const cheapest = cheapestInTier('groq', 'mini');
    const withVision = cheapestInTier('groq', 'mini', { tools: true, vision: true });
    assert.ok(cheapest && withVision);
    assert.equal(cheapest.capabilities.vision, false);
    assert.ok(withVision.capabilities.vision && withVision.capabilities.tools);
  });

  it('skips models whose context is too small and finds none when nothing fits', () => {
    const big = cheapestInTier('openai', 'mini', { minContext: 500_000 });
    assert.ok(big && big.capabilities.contextWindow >= 500_000);
    assert.equal(cheapestInTier('groq', 'mini', { minContext: 10_000_000 }), undefined);
  });

  it('skips models that cannot write as many tokens as max_tokens asks for', () => {
    // Every model a limit rules out is passed over for the next cheapest that can write as much.
    for (const provider of PROVIDER_IDS) {
      for (const tier of TIER_NAMES) {
        for (const model of listModels(provider)) {
          const limit = model.capabilities.maxOutputTokens;
          if (model.tier !== tier || !limit) continue;
          const chosen = cheapestInTier(provider, tier, { maxOutput: limit + 1 });
          assert.notEqual(chosen?.id, model.id, `${provider} ${tier} above ${model.id}'s limit`);
          const chosenLimit = chosen?.capabilities.maxOutputTokens;
          assert.ok(!chosenLimit || chosenLimit > limit, `${chosen?.id} writes ${chosenLimit}`);
        }
      }
    }
    // No OpenAI Mini model writes 200,000 tokens: none is chosen rather than one that refuses.
    assert.equal(cheapestInTier('openai', 'mini', { maxOutput: 200_000 }), undefined);
    // A model whose limit the provider does not state is not ruled out.
    assert.ok(cheapestInTier('mistral', 'mini', { maxOutput: 100_000 }));
  });

  it('never routes chat to an embeddings model', () => {
    for (const provider of PROVIDER_IDS) {
      for (const tier of TIER_NAMES) {
        assert.notEqual(cheapestInTier(provider, tier)?.capabilities.embeddings, true);
      }
    }
  });

  it('keeps requests with temperature away from reasoning models', () => {
    const anyModel = cheapestInTier('openai', 'mini');
    const sampling = cheapestInTier('openai', 'mini', { samplingParams: true });
    assert.ok(anyModel && sampling);
    assert.equal(sampling.capabilities.reasoning, false);
    assert.ok(sampling.inputPerMillion >= anyModel.inputPerMillion);
  });

  it('finds nothing in a tier a provider has no model in', () => {
    assert.equal(cheapestInTier('groq', 'premium'), undefined);
  });
});
