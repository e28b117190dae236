import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calcPrice } from '@pydantic/genai-prices';
import {
  isTextCompletionModel,
  parseModelName,
  resolveModel,
  resolveServedModel,
} from './resolve-model.ts';

/**
 * genai-prices' own per-1M rates for a name, the oracle the catalog must agree with. 100k tokens
 * stay under every long-context threshold, so this is the base rate.
 */
function genaiRates(providerId: string, model: string) {
  const result = calcPrice({ input_tokens: 100_000, output_tokens: 100_000 }, model, {
    providerId,
  });
  assert.ok(result, `genai-prices prices ${providerId}:${model}`);
  return { input: result.input_price * 10, output: result.output_price * 10 };
}

function assertClose(actual: number | undefined, expected: number, label: string) {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) < 1e-9,
    `${label}: ${actual} vs ${expected}`,
  );
}

describe('resolveModel', () => {
  it('resolves qualified names to the named provider', () => {
    const model = resolveModel('openai/gpt-4o-mini');
    assert.equal(model?.provider, 'openai');
    assert.equal(model?.id, 'gpt-4o-mini');
    assert.equal(model?.qualifiedId, 'openai/gpt-4o-mini');
    assert.equal(resolveModel('groq/llama-3.1-8b-instant')?.provider, 'groq');
    assert.equal(resolveModel('mistral/mistral-large-latest')?.provider, 'mistral');
  });

  it('keeps the slashes of groq model ids that name their vendor', () => {
    const model = resolveModel('groq/meta-llama/llama-4-scout-17b-16e-instruct');
    assert.equal(model?.provider, 'groq');
    assert.equal(model?.id, 'meta-llama/llama-4-scout-17b-16e-instruct');
  });

  it('finds the provider of bare names by their prefix', () => {
    const cases: [string, string][] = [
      ['gpt-4o', 'openai'],
      ['o3-mini', 'openai'],
      ['o4-mini', 'openai'],
      ['chatgpt-4o-latest', 'openai'],
      ['text-embedding-3-small', 'openai'],
      ['claude-3-5-haiku-latest', 'anthropic'],
      ['gemini-2.0-flash', 'gemini'],
      ['mistral-small-latest', 'mistral'],
      ['ministral-8b-latest', 'mistral'],
      ['codestral-latest', 'mistral'],
      ['open-mistral-nemo', 'mistral'],
      ['pixtral-12b-latest', 'mistral'],
    ];
    for (const [name, provider] of cases) {
      assert.equal(resolveModel(name)?.provider, provider, name);
    }
  });

  it('needs the groq/ prefix for models groq serves', () => {
    assert.equal(resolveModel('llama-3.1-8b-instant'), undefined);
    assert.equal(resolveModel('meta-llama/llama-4-scout-17b-16e-instruct'), undefined);
    assert.ok(resolveModel('groq/llama-3.1-8b-instant'));
  });

  it('prices dated snapshots and aliases as genai-prices does, keeping the requested id', () => {
    const cases: [string, string, string][] = [
      ['gpt-4o-2024-08-06', 'openai', 'gpt-4o-2024-08-06'],
      ['gpt-4o-2024-05-13', 'openai', 'gpt-4o-2024-05-13'],
      ['gpt-4o-mini-2024-07-18', 'openai', 'gpt-4o-mini-2024-07-18'],
      ['claude-3-5-sonnet-20241022', 'anthropic', 'claude-3-5-sonnet-20241022'],
      ['claude-3-5-haiku-latest', 'anthropic', 'claude-3-5-haiku-latest'],
      ['claude-sonnet-4-20250514', 'anthropic', 'claude-sonnet-4-20250514'],
      ['claude-sonnet-4-0', 'anthropic', 'claude-sonnet-4-0'],
      ['gemini-2.0-flash-001', 'google', 'gemini-2.0-flash-001'],
      ['gemini-1.5-flash-latest', 'google', 'gemini-1.5-flash-latest'],
      ['mistral-large-2411', 'mistral', 'mistral-large-2411'],
    ];
    for (const [name, genaiProvider, id] of cases) {
      const model = resolveModel(name);
      assert.equal(model?.id, id, name);
      const rates = genaiRates(genaiProvider, name);
      assertClose(model?.inputPerMillion, rates.input, `${name} input`);
      assertClose(model?.outputPerMillion, rates.output, `${name} output`);
    }
  });

  it('tells an older snapshot with its own price apart from the alias', () => {
    const alias = resolveModel('gpt-4o');
    const may2024 = resolveModel('gpt-4o-2024-05-13');
    assert.ok(alias && may2024);
    assert.ok(may2024.inputPerMillion > alias.inputPerMillion);
    assert.equal(may2024.family, alias.family);
  });

  it('uses the longest matching model line, so a mini snapshot is not the big model', () => {
    const mini = resolveModel('gpt-4o-mini-2024-07-18');
    const big = resolveModel('gpt-4o');
    assert.ok(mini && big);
    assert.ok(mini.inputPerMillion < big.inputPerMillion);
    assert.equal(resolveModel('claude-sonnet-4-5-20250929')?.capabilities.jsonMode, true);
    assert.equal(resolveModel('claude-sonnet-4-20250514')?.capabilities.jsonMode, false);
  });

  it('ignores case and surrounding spaces', () => {
    assert.equal(resolveModel('  OpenAI/GPT-4o ')?.qualifiedId, 'openai/gpt-4o');
  });

  it('returns undefined for unknown, unpriced or other-provider names', () => {
    for (const name of [
      '',
      'gpt-unknown-9',
      'openai/claude-3-5-sonnet-latest',
      'anthropic/gpt-4o',
      'groq/gpt-4o',
      'mystery/gpt-4o',
      'llama-3.3-70b-versatile',
      'gpt-4o-realtime-preview',
      'gemini-2.5-pro-preview-tts',
      'openai/',
      'claude-sonnet-4-9',
      'gpt-4o-mnii',
      'gpt-4o-mini-tts',
      'gpt-4o-transcribe',
      'gpt-image-1',
    ]) {
      assert.equal(resolveModel(name), undefined, JSON.stringify(name));
    }
  });

  it('serves a priced model the capability table lacks as named, capabilities unknown', () => {
    for (const [name, id] of <[string, string][]>[
      ['o3-pro', 'o3-pro'],
      ['gpt-5-codex', 'gpt-5-codex'],
      ['gpt-4o-search-preview', 'gpt-4o-search-preview'],
      ['claude-3-sonnet-20240229', 'claude-3-sonnet-20240229'],
      ['open-mixtral-8x7b', 'open-mixtral-8x7b'],
      ['magistral-medium-latest', 'magistral-medium-latest'],
      ['groq/gemma2-9b-it', 'gemma2-9b-it'],
    ]) {
      const info = resolveModel(name);
      assert.ok(info, name);
      assert.equal(info.id, id);
      assert.equal(info.capabilitiesKnown, false, name);
      assert.equal(info.family, id, 'its cached answers are its own');
      assert.equal(info.capabilities.tools, false, 'nothing claimed');
      assert.ok(info.inputPerMillion > 0, 'priced, so its cost is logged');
    }
    assert.equal(resolveModel('gpt-4o')?.capabilitiesKnown, true);
    assert.equal(resolveModel('claude-haiku-4-5-20251001')?.capabilitiesKnown, true);
  });

  it('serves a name of a known provider with no price at 0 per token; other names stay unresolved', () => {
    // Decision 146: a model shipped after the installed price list reaches its provider.
    for (const [name, id] of <[string, string][]>[
      ['gpt-6', 'gpt-6'],
      ['openai/gpt-4o-mnii', 'gpt-4o-mnii'],
      ['claude-sonnet-9', 'claude-sonnet-9'],
      ['groq/vendor/new-model-70b', 'vendor/new-model-70b'],
    ]) {
      const info = resolveServedModel(name);
      assert.ok(info, name);
      assert.equal(info.id, id);
      assert.equal(info.priced, false);
      assert.deepEqual([info.inputPerMillion, info.outputPerMillion], [0, 0]);
      assert.equal(resolveModel(name), undefined, 'the priced lookup still has no such model');
    }
    assert.equal(resolveServedModel('gpt-4o'), resolveModel('gpt-4o'));
    assert.equal(resolveServedModel('gpt-4o')?.priced, true);
    for (const name of ['llama-9', 'openai/', 'openai/a/../b', 'openai/GPT 6', 'gpt-6-tts']) {
      assert.equal(resolveServedModel(name), undefined, name);
    }
  });

  it('returns the same frozen object for the same model', () => {
    const first = resolveModel('gpt-4.1-mini');
    assert.equal(resolveModel('openai/gpt-4.1-mini'), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first?.capabilities));
  });
});

describe('parseModelName', () => {
  it('splits a qualified name once, at the provider', () => {
    assert.deepEqual(parseModelName('groq/openai/gpt-oss-120b'), {
      provider: 'groq',
      model: 'openai/gpt-oss-120b',
    });
  });

  it("knows OpenAI's text completion models, bare names of the base models included", () => {
    assert.deepEqual(parseModelName('davinci-002'), { provider: 'openai', model: 'davinci-002' });
    assert.equal(isTextCompletionModel('babbage-002'), true);
    assert.equal(isTextCompletionModel('gpt-3.5-turbo-instruct'), true);
    assert.equal(isTextCompletionModel('openai/gpt-3.5-turbo-instruct-0914'), true);
    assert.equal(isTextCompletionModel('gpt-3.5-turbo'), false);
    assert.equal(isTextCompletionModel('groq/davinci-002'), false);
  });

  it('names the provider of bare names even for models without a price', () => {
    assert.deepEqual(parseModelName('gpt-9-turbo'), { provider: 'openai', model: 'gpt-9-turbo' });
    assert.equal(parseModelName('llama-3.1-8b-instant'), undefined);
  });
});
