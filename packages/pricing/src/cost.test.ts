import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { calcPrice } from '@pydantic/genai-prices';
import { listModels } from './catalog.ts';
import { costOf } from './cost.ts';
import { PRICES_SOURCE } from './price-source.ts';
import { resolveModel } from './resolve-model.ts';
import type { ModelInfo, ProviderId } from './types.ts';

const GENAI_PROVIDER: Record<ProviderId, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'google',
  mistral: 'mistral',
  groq: 'groq',
};

function genaiCost(model: ModelInfo, inputTokens: number, outputTokens: number): number {
  const result = calcPrice({ input_tokens: inputTokens, output_tokens: outputTokens }, model.id, {
    providerId: GENAI_PROVIDER[model.provider],
  });
  assert.ok(result, `genai-prices prices ${model.qualifiedId}`);
  return result.total_price;
}

function resolved(name: string): ModelInfo {
  const model = resolveModel(name);
  assert.ok(model, name);
  return model;
}

describe('costOf', () => {
  it('matches calcPrice for every catalog model', () => {
    for (const model of listModels()) {
      const expected = genaiCost(model, 12_345, 678);
      assert.equal(costOf(model, { inputTokens: 12_345, outputTokens: 678 }), expected, model.id);
    }
  });

  it('prices repeat calls of every model exactly as genai-prices does', () => {
    // The first call looks the model up; later ones may use the remembered flat rate.
    for (const model of listModels()) {
      for (const [input, output] of [
        [1, 1],
        [98_765, 4_321],
        [0, 17],
        [250_001, 3],
      ] as const) {
        const expected = genaiCost(model, input, output);
        assert.equal(
          costOf(model, { inputTokens: input, outputTokens: output }),
          expected,
          model.id,
        );
      }
    }
  });

  it('prices prompt-cache reads and writes at their own rates, as genai-prices does', () => {
    const sonnet = resolved('claude-sonnet-4-5');
    const usage = { inputTokens: 1_000, outputTokens: 50 };
    const plain = costOf(sonnet, usage);
    const read = costOf(sonnet, { ...usage, cacheReadTokens: 900 });
    const written = costOf(sonnet, { ...usage, cacheWriteTokens: 900 });
    const expected = calcPrice(
      { input_tokens: 1_000, output_tokens: 50, cache_read_tokens: 900 },
      sonnet.id,
      { providerId: 'anthropic' },
    );
    assert.equal(read, expected?.total_price);
    assert.ok(read < plain / 2, 'cache reads are far cheaper than fresh input');
    assert.ok(written > plain, 'cache writes cost more than fresh input');
    // The next plain call is still priced at the plain rate (no remembered cache rate).
    assert.equal(costOf(sonnet, usage), plain);
  });

  it("prices Claude's web searches per search, $10 per 1,000 as Anthropic bills them (decision 182)", () => {
    const sonnet = resolved('claude-sonnet-4-5');
    const usage = { inputTokens: 1_000, outputTokens: 50 };
    const plain = costOf(sonnet, usage);
    const searched = costOf(sonnet, { ...usage, webSearches: 3 });
    assert.ok(Math.abs(searched - plain - 0.03) < 1e-12, `${searched} - ${plain}`);
    // A remembered flat rate is not used for a call that searched, nor kept by one.
    assert.equal(costOf(sonnet, usage), plain);
    assert.equal(costOf(sonnet, { ...usage, webSearches: 3 }), searched);
    assert.equal(costOf(sonnet, { ...usage, webSearches: -1 }), plain);
  });

  it('never counts more cached tokens than input tokens', () => {
    const mini = resolved('gpt-4o-mini');
    const all = costOf(mini, { inputTokens: 100, outputTokens: 0, cacheReadTokens: 100 });
    assert.equal(costOf(mini, { inputTokens: 100, outputTokens: 0, cacheReadTokens: 5_000 }), all);
  });

  it('charges a dated snapshot its own price, not the alias price', () => {
    const snapshot = resolved('gpt-4o-2024-05-13');
    const usage = { inputTokens: 1_000, outputTokens: 1_000 };
    assert.equal(costOf(snapshot, usage), genaiCost(snapshot, 1_000, 1_000));
    assert.ok(costOf(snapshot, usage) > costOf(resolved('gpt-4o'), usage));
  });

  it('applies the long-context rate above the threshold, as genai-prices does', () => {
    const pro = resolved('gemini-2.5-pro');
    const long = costOf(pro, { inputTokens: 300_000, outputTokens: 1_000 });
    assert.equal(long, genaiCost(pro, 300_000, 1_000));
    const atListedRate = (300_000 * pro.inputPerMillion + 1_000 * pro.outputPerMillion) / 1e6;
    assert.ok(long > atListedRate);
  });

  it('costs nothing for no tokens and only input for embeddings', () => {
    const embed = resolved('text-embedding-3-small');
    assert.equal(costOf(embed, { inputTokens: 0, outputTokens: 0 }), 0);
    assert.equal(costOf(embed, { inputTokens: 1_000_000, outputTokens: 0 }), embed.inputPerMillion);
  });

  it('counts missing or broken token counts as zero instead of returning NaN', () => {
    const mini = resolved('gpt-4o-mini');
    const onlyInput = costOf(mini, { inputTokens: 1_000, outputTokens: Number.NaN });
    assert.equal(onlyInput, genaiCost(mini, 1_000, 0));
    assert.equal(costOf(mini, { inputTokens: -5, outputTokens: Number.POSITIVE_INFINITY }), 0);
  });

  it('falls back to the listed rates for a model genai-prices does not know', () => {
    const stored: ModelInfo = { ...resolved('gpt-4o-mini'), id: 'gpt-4o-mini-custom-ft' };
    const cost = costOf(stored, { inputTokens: 2_000_000, outputTokens: 1_000_000 });
    assert.ok(Math.abs(cost - (2 * stored.inputPerMillion + stored.outputPerMillion)) < 1e-12);
  });
});

describe('PRICES_SOURCE', () => {
  it('names the installed genai-prices package and its licence', () => {
    const manifest = JSON.parse(
      readFileSync(
        new URL('../../../node_modules/@pydantic/genai-prices/package.json', import.meta.url),
        'utf8',
      ),
    );
    assert.deepEqual(PRICES_SOURCE, {
      package: '@pydantic/genai-prices',
      version: manifest.version,
      licence: manifest.license,
    });
  });
});
