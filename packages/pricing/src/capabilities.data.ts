import type { ProviderId } from './types.ts';

/**
 * What each model line can do, per provider.
 *
 * Sources, compiled 2026-11-21 from the providers' model documentation:
 * - OpenAI: platform.openai.com/docs/models (each model page: function calling, image input,
 *   structured outputs, context window; o-series and gpt-5 are reasoning models)
 * - Anthropic: platform.claude.com/docs/en/about-claude/models/overview (every current model has
 *   vision and tool use; structured outputs from Claude Opus 4.1 and Sonnet 4.5 on)
 * - Google: ai.google.dev/gemini-api/docs/models (function calling, structured outputs, inputs,
 *   input token limit per model)
 * - Mistral: docs.mistral.ai/getting-started/models (function calling, JSON mode, vision)
 * - Groq: console.groq.com/docs/models, /docs/tool-use, /docs/vision, /docs/structured-outputs
 * Where a source was unclear a capability is left false, so routing never relies on it.
 *
 * `model` is the base id: a request for it, or for it plus a snapshot suffix (a date, a version
 * number, `-latest`, `-preview…`, `-exp…`), uses the row. The longest matching base wins, so
 * `gpt-4o-mini-2024-07-18` uses the `gpt-4o-mini` row, not `gpt-4o`.
 * `family` is the generation and line, used to scope cached answers (see README).
 */

export type CapabilityFlag = 'tools' | 'vision' | 'json' | 'embeddings' | 'reasoning';

export interface CapabilityRow {
  provider: ProviderId;
  model: string;
  family: string;
  contextWindow: number;
  /** The most tokens one answer may have; undefined where the provider states no limit. */
  maxOutputTokens?: number;
  flags: readonly CapabilityFlag[];
}

function rowsOf(provider: ProviderId) {
  return (
    model: string,
    family: string,
    contextWindow: number,
    ...flags: CapabilityFlag[]
  ): CapabilityRow => {
    const maxOutputTokens = MAX_OUTPUT_TOKENS[`${provider}/${model}`];
    return {
      provider,
      model,
      family,
      contextWindow,
      flags,
      ...(maxOutputTokens && { maxOutputTokens }),
    };
  };
}

/**
 * The output limit of each model line, from the same pages as the rest (OpenAI "max output
 * tokens", Anthropic "max output", Google "output token limit", Groq "max completion tokens").
 * A provider refuses a `max_tokens` above it (Anthropic: 400 "max_tokens: 8192 > 4096"), so
 * routing never sends a request to a model that cannot write as much as it asks for. Mistral
 * states no separate limit, and lines whose page was unclear are left out: no limit is assumed.
 */
const MAX_OUTPUT_TOKENS: Readonly<Record<string, number>> = {
  'openai/gpt-3.5-turbo': 4_096,
  'openai/gpt-4': 8_192,
  'openai/gpt-4-turbo': 4_096,
  'openai/gpt-4o': 16_384,
  'openai/gpt-4o-mini': 16_384,
  'openai/chatgpt-4o-latest': 16_384,
  'openai/gpt-5-chat-latest': 16_384,
  'openai/gpt-4.1': 32_768,
  'openai/gpt-4.1-mini': 32_768,
  'openai/gpt-4.1-nano': 32_768,
  'openai/gpt-4.5-preview': 16_384,
  'openai/o1': 100_000,
  'openai/o3': 100_000,
  'openai/o3-mini': 100_000,
  'openai/o4-mini': 100_000,
  'openai/gpt-5': 128_000,
  'openai/gpt-5-mini': 128_000,
  'openai/gpt-5-nano': 128_000,
  'anthropic/claude-3-haiku': 4_096,
  'anthropic/claude-3-opus': 4_096,
  'anthropic/claude-3-5-haiku': 8_192,
  'anthropic/claude-3-5-sonnet': 8_192,
  'anthropic/claude-3-7-sonnet': 64_000,
  'anthropic/claude-sonnet-4': 64_000,
  'anthropic/claude-opus-4': 32_000,
  'anthropic/claude-opus-4-1': 32_000,
  'anthropic/claude-sonnet-4-5': 64_000,
  'anthropic/claude-haiku-4-5': 64_000,
  'anthropic/claude-opus-4-5': 64_000,
  'gemini/gemini-1.5-flash': 8_192,
  'gemini/gemini-1.5-pro': 8_192,
  'gemini/gemini-2.0-flash': 8_192,
  'gemini/gemini-2.0-flash-lite': 8_192,
  'gemini/gemini-2.5-flash': 65_536,
  'gemini/gemini-2.5-flash-lite': 65_536,
  'gemini/gemini-2.5-pro': 65_536,
  'groq/llama-3.1-8b-instant': 131_072,
  'groq/llama-3.3-70b-versatile': 32_768,
  'groq/meta-llama/llama-4-scout-17b-16e-instruct': 8_192,
  'groq/meta-llama/llama-4-maverick-17b-128e-instruct': 8_192,
  'groq/openai/gpt-oss-120b': 65_536,
  'groq/openai/gpt-oss-20b': 65_536,
  'groq/qwen/qwen3-32b': 40_960,
  'groq/moonshotai/kimi-k2-instruct': 16_384,
};

const openai = rowsOf('openai');
const anthropic = rowsOf('anthropic');
const gemini = rowsOf('gemini');
const mistral = rowsOf('mistral');
const groq = rowsOf('groq');

export const CAPABILITY_ROWS: readonly CapabilityRow[] = [
  openai('gpt-3.5-turbo', 'gpt-3.5', 16_385, 'tools', 'json'),
  openai('gpt-4', 'gpt-4', 8_192, 'tools'),
  openai('gpt-4-turbo', 'gpt-4-turbo', 128_000, 'tools', 'vision', 'json'),
  openai('gpt-4o', 'gpt-4o', 128_000, 'tools', 'vision', 'json'),
  openai('gpt-4o-mini', 'gpt-4o', 128_000, 'tools', 'vision', 'json'),
  openai('chatgpt-4o-latest', 'gpt-4o', 128_000, 'vision'),
  openai('gpt-5-chat-latest', 'gpt-5', 128_000, 'vision'),
  openai('gpt-4.1', 'gpt-4.1', 1_047_576, 'tools', 'vision', 'json'),
  openai('gpt-4.1-mini', 'gpt-4.1', 1_047_576, 'tools', 'vision', 'json'),
  openai('gpt-4.1-nano', 'gpt-4.1', 1_047_576, 'tools', 'vision', 'json'),
  openai('gpt-4.5-preview', 'gpt-4.5', 128_000, 'tools', 'vision', 'json'),
  openai('o1', 'o1', 200_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('o3', 'o3', 200_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('o3-mini', 'o3', 200_000, 'tools', 'json', 'reasoning'),
  openai('o4-mini', 'o4', 200_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5', 'gpt-5', 400_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5-mini', 'gpt-5', 400_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5-nano', 'gpt-5', 400_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5.1', 'gpt-5.1', 400_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5.2', 'gpt-5.2', 400_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('gpt-5.4', 'gpt-5.4', 1_050_000, 'tools', 'vision', 'json', 'reasoning'),
  openai('text-embedding-3-small', 'text-embedding-3', 8_191, 'embeddings'),
  openai('text-embedding-3-large', 'text-embedding-3', 8_191, 'embeddings'),
  openai('text-embedding-ada-002', 'text-embedding-ada', 8_191, 'embeddings'),

  anthropic('claude-3-haiku', 'claude-3', 200_000, 'tools', 'vision'),
  anthropic('claude-3-opus', 'claude-3', 200_000, 'tools', 'vision'),
  anthropic('claude-3-5-haiku', 'claude-3-5', 200_000, 'tools'),
  anthropic('claude-3-5-sonnet', 'claude-3-5', 200_000, 'tools', 'vision'),
  anthropic('claude-3-7-sonnet', 'claude-3-7', 200_000, 'tools', 'vision'),
  anthropic('claude-sonnet-4', 'claude-4', 200_000, 'tools', 'vision'),
  anthropic('claude-opus-4', 'claude-4', 200_000, 'tools', 'vision'),
  anthropic('claude-opus-4-1', 'claude-4-1', 200_000, 'tools', 'vision', 'json'),
  anthropic('claude-sonnet-4-5', 'claude-4-5', 200_000, 'tools', 'vision', 'json'),
  anthropic('claude-haiku-4-5', 'claude-4-5', 200_000, 'tools', 'vision', 'json'),
  anthropic('claude-opus-4-5', 'claude-4-5', 200_000, 'tools', 'vision', 'json'),
  anthropic('claude-sonnet-4-6', 'claude-4-6', 1_000_000, 'tools', 'vision', 'json'),
  anthropic('claude-opus-4-6', 'claude-4-6', 1_000_000, 'tools', 'vision', 'json'),
  anthropic('claude-opus-4-7', 'claude-4-7', 1_000_000, 'tools', 'vision', 'json'),
  anthropic('claude-sonnet-5', 'claude-5', 1_000_000, 'tools', 'vision', 'json'),
  anthropic('claude-opus-5', 'claude-5', 1_000_000, 'tools', 'vision', 'json'),

  gemini('gemini-1.5-flash', 'gemini-1.5-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-1.5-pro', 'gemini-1.5-pro', 2_097_152, 'tools', 'vision', 'json'),
  gemini('gemini-2.0-flash', 'gemini-2.0-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-2.0-flash-lite', 'gemini-2.0-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-2.5-flash', 'gemini-2.5-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-2.5-flash-lite', 'gemini-2.5-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-2.5-pro', 'gemini-2.5-pro', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-3-flash-preview', 'gemini-3-flash', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-3-pro-preview', 'gemini-3-pro', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-3.1-pro-preview', 'gemini-3.1-pro', 1_048_576, 'tools', 'vision', 'json'),
  gemini('gemini-embedding-001', 'gemini-embedding', 2_048, 'embeddings'),

  mistral('mistral-large', 'mistral-large', 131_072, 'tools', 'json'),
  mistral('mistral-medium', 'mistral-medium', 131_072, 'tools', 'vision', 'json'),
  mistral('mistral-small', 'mistral-small', 131_072, 'tools', 'vision', 'json'),
  mistral('ministral-8b', 'ministral', 131_072, 'tools', 'json'),
  mistral('codestral', 'codestral', 262_144, 'tools', 'json'),
  mistral('pixtral-12b', 'pixtral', 131_072, 'tools', 'vision', 'json'),
  mistral('pixtral-large', 'pixtral', 131_072, 'tools', 'vision', 'json'),
  mistral('open-mistral-nemo', 'mistral-nemo', 131_072, 'tools', 'json'),
  mistral('mistral-embed', 'mistral-embed', 8_192, 'embeddings'),

  groq('llama-3.1-8b-instant', 'llama-3.1', 131_072, 'tools', 'json'),
  groq('llama-3.3-70b-versatile', 'llama-3.3', 131_072, 'tools', 'json'),
  groq('meta-llama/llama-4-scout-17b-16e-instruct', 'llama-4', 131_072, 'tools', 'vision', 'json'),
  groq(
    'meta-llama/llama-4-maverick-17b-128e-instruct',
    'llama-4',
    131_072,
    'tools',
    'vision',
    'json',
  ),
  groq('openai/gpt-oss-120b', 'gpt-oss', 131_072, 'tools', 'json'),
  groq('openai/gpt-oss-20b', 'gpt-oss', 131_072, 'tools', 'json'),
  groq('qwen/qwen3-32b', 'qwen3', 131_072, 'tools', 'json'),
  groq('moonshotai/kimi-k2-instruct', 'kimi-k2', 131_072, 'tools', 'json'),
];
