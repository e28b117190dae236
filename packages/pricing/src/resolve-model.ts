import { CAPABILITY_ROWS, type CapabilityRow } from './capabilities.data.ts';
import { listedPrice } from './price-source.ts';
import { tierForInputPrice } from './tiers.ts';
import { type Capabilities, type ModelInfo, PROVIDER_IDS, type ProviderId } from './types.ts';

/** Which provider a bare model name belongs to. Groq serves other vendors' models, so it needs `groq/`. */
const BARE_NAME_PROVIDERS: readonly [RegExp, ProviderId][] = [
  [/^(?:gpt-|chatgpt-|text-embedding-|o[134](?:-|$)|(?:davinci|babbage)-\d{3}$)/, 'openai'],
  [/^claude-/, 'anthropic'],
  [/^gemini-/, 'gemini'],
  [
    /^(?:mistral-|ministral-|magistral-|devstral-|codestral-|open-mistral-|open-mixtral-|pixtral-|voxtral-)/,
    'mistral',
  ],
];

/**
 * How each provider names a snapshot or alias of a base model: OpenAI `-2024-08-06`/`-0125`,
 * Anthropic `-20241022`/`-latest`/`-0`, Gemini `-001`/`-latest`/`-preview-05-06`/`-exp-0827`,
 * Mistral `-2411`/`-latest`. Groq ids are used exactly.
 */
const SNAPSHOT_SUFFIX: Record<ProviderId, RegExp> = {
  openai: /^(?:-\d{4}-\d{2}-\d{2}|-\d{4})?$/,
  anthropic: /^(?:-\d{8}|-latest|-0)?$/,
  gemini: /^(?:-\d{3}|-latest|-preview(?:-\d{2}-\d{2,4})?|-exp(?:-\d{4})?)?$/,
  mistral: /^(?:-\d{4}|-latest)?$/,
  groq: /^$/,
};

/**
 * OpenAI's models that take only the legacy text completions API (`/v1/completions`, a `prompt`
 * rather than messages): gpt-3.5-turbo-instruct and its snapshot, and the GPT base models
 * davinci-002 and babbage-002. The gateway sends them a prompt there (decision 152).
 */
const TEXT_COMPLETION_MODEL = /^(?:gpt-3\.5-turbo-instruct(?:-\d{4})?|davinci-002|babbage-002)$/;

/** Whether a model (`provider/model` or a bare name) is one of OpenAI's text completion models. */
export function isTextCompletionModel(name: string): boolean {
  const parsed = parseModelName(name);
  return parsed?.provider === 'openai' && TEXT_COMPLETION_MODEL.test(parsed.model);
}

/** Priced models of other APIs (speech, transcription, realtime sessions): never a chat target. */
const NOT_CHAT = /(?:^|-)(?:realtime|tts|transcribe|whisper|dall-e|image-\d|moderation)(?:-|$)/;

/** Resolved names are kept; the bound stops a stream of distinct dated names growing memory. */
const MAX_CACHED_NAMES = 2_000;
const resolved = new Map<string, ModelInfo>();

/** The provider and the provider's own model id of `provider/model` or a bare model name. */
export function parseModelName(name: string): { provider: ProviderId; model: string } | undefined {
  const normalized = name.trim().toLowerCase();
  const slash = normalized.indexOf('/');
  if (slash > 0) {
    const prefix = normalized.slice(0, slash);
    const provider = PROVIDER_IDS.find((id) => id === prefix);
    if (provider) {
      const model = normalized.slice(slash + 1);
      return model ? { provider, model } : undefined;
    }
  }
  const match = BARE_NAME_PROVIDERS.find(([pattern]) => pattern.test(normalized));
  return match ? { provider: match[1], model: normalized } : undefined;
}

/**
 * The model a request names, with its genai-prices rates, tier, capabilities and family, or
 * undefined when the name has no provider or no price. A priced model without a capability row (a
 * model newer than the table, a `-pro`/`-codex`/`-search` variant) is served as named: its
 * capabilities are unknown, so `capabilitiesKnown` is false and routing never moves it (decision 117).
 */
export function resolveModel(name: string): ModelInfo | undefined {
  const parsed = parseModelName(name);
  if (!parsed) return undefined;
  const qualifiedId = `${parsed.provider}/${parsed.model}`;
  const known = resolved.get(qualifiedId);
  if (known) return known;

  const row = findCapabilityRow(parsed.provider, parsed.model);
  if (!row && NOT_CHAT.test(parsed.model)) return undefined;
  const price = listedPrice(parsed.provider, parsed.model);
  if (!price) return undefined;

  const info = modelInfo(parsed, row, price);
  if (resolved.size < MAX_CACHED_NAMES) resolved.set(qualifiedId, info);
  return info;
}

// A model id as providers write them: lower-case letters, digits and `.`, `_`, `:`, `-`, `/` (Groq
// serves `vendor/model`), with no `..`. Anything else is no model, and goes into no upstream body
// or URL.
const MODEL_ID = /^(?!.*\.\.)[a-z0-9][a-z0-9._:/-]{0,127}$/;
const unpriced = new Map<string, ModelInfo>();

/**
 * The model a gateway request names: `resolveModel`'s, or, for a name of a known provider that
 * genai-prices does not price yet (a model shipped after the installed list; or a typo, which the
 * provider answers with its own 404), the model served as named at 0 per token with `priced`
 * false. Other APIs' names (speech, images) and names that are no model id stay undefined.
 */
export function resolveServedModel(name: string): ModelInfo | undefined {
  const priced = resolveModel(name);
  if (priced) return priced;
  const parsed = parseModelName(name);
  if (!parsed || !MODEL_ID.test(parsed.model)) return undefined;
  const qualifiedId = `${parsed.provider}/${parsed.model}`;
  const known = unpriced.get(qualifiedId);
  if (known) return known;
  const row = findCapabilityRow(parsed.provider, parsed.model);
  if (!row && NOT_CHAT.test(parsed.model)) return undefined;
  const info = modelInfo(parsed, row, undefined);
  if (unpriced.size < MAX_CACHED_NAMES) unpriced.set(qualifiedId, info);
  return info;
}

/** A resolved model, priced at the listed rates or, with no price, at 0 (`priced` false). */
function modelInfo(
  parsed: { provider: ProviderId; model: string },
  row: CapabilityRow | undefined,
  price: { inputPerMillion: number; outputPerMillion: number } | undefined,
): ModelInfo {
  return Object.freeze({
    provider: parsed.provider,
    id: parsed.model,
    qualifiedId: `${parsed.provider}/${parsed.model}`,
    inputPerMillion: price?.inputPerMillion ?? 0,
    outputPerMillion: price?.outputPerMillion ?? 0,
    // No price places it in no tier; routing never moves an unpriced model, so nothing reads it.
    tier: price ? tierForInputPrice(price.inputPerMillion) : 'core',
    capabilities: row ? capabilitiesOf(row) : UNKNOWN_CAPABILITIES,
    // Cached answers of a model without a row are scoped to that exact model id.
    family: row?.family ?? parsed.model,
    capabilitiesKnown: row !== undefined,
    priced: price !== undefined,
  });
}

function findCapabilityRow(provider: ProviderId, model: string): CapabilityRow | undefined {
  let best: CapabilityRow | undefined;
  for (const row of CAPABILITY_ROWS) {
    if (row.provider !== provider || !model.startsWith(row.model)) continue;
    if (!SNAPSHOT_SUFFIX[provider].test(model.slice(row.model.length))) continue;
    if (!best || row.model.length > best.model.length) best = row;
  }
  return best;
}

/** Nothing is claimed for a model the table does not describe; its window is unknown (0). */
const UNKNOWN_CAPABILITIES: Capabilities = Object.freeze({
  tools: false,
  vision: false,
  jsonMode: false,
  contextWindow: 0,
  embeddings: false,
  reasoning: false,
});

function capabilitiesOf(row: CapabilityRow): Capabilities {
  return Object.freeze({
    tools: row.flags.includes('tools'),
    vision: row.flags.includes('vision'),
    jsonMode: row.flags.includes('json'),
    contextWindow: row.contextWindow,
    ...(row.maxOutputTokens && { maxOutputTokens: row.maxOutputTokens }),
    embeddings: row.flags.includes('embeddings'),
    reasoning: row.flags.includes('reasoning'),
  });
}
