import type {
  CacheAnalytics,
  CacheConfig,
  CacheConfigUpdate,
  CacheEntriesPage,
  CachePreview,
  CachePreviewRequest,
  CacheStats,
  CacheWarmupRequest,
  CacheWarmupResult,
} from '@tokenwise/contracts';
import { costOf, countChat, countTokens, resolveModel } from '@tokenwise/pricing';
import type { AppDeps } from '../../deps.ts';
import { money } from '../../domain/analytics/figures.ts';
import { periodFor } from '../../domain/analytics/time-range.ts';
import type {
  CachedAnswer,
  CachePromptMessage,
  ResponseCacheHandle,
} from '../../domain/cache/response-cache-handle.ts';
import {
  type AccountSettings,
  getAccountSettings,
} from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { percentOf } from '../../lib/percent.ts';
import { withEmbedder } from './embedder-errors.ts';
import { promptPreview } from './prompt-preview.ts';
import { redactForCache } from './redact-for-cache.ts';
import * as repo from './semantic-cache.repository.ts';

const DEFAULT_PREVIEW_MODEL = 'openai/gpt-4o-mini';

export async function getStats(deps: AppDeps, accountId: string): Promise<CacheStats> {
  const { hits, misses, tokensSaved, costSaved } = await repo.countLookups(
    deps.db.kysely,
    accountId,
    // The dashboard's 30d period (as on /routing), so the hits here are the hits it counts.
    periodFor('30d', deps.clock()).current.from,
  );
  const lookups = hits + misses;
  return {
    hit_rate: percentOf(hits, lookups),
    total_hits: hits,
    total_misses: misses,
    tokens_saved: tokensSaved,
    cost_saved: money(costSaved),
  };
}

export async function getConfig(deps: AppDeps, accountId: string): Promise<CacheConfig> {
  return toConfig(await getAccountSettings(deps.db.kysely, accountId));
}

function toConfig(s: AccountSettings): CacheConfig {
  return {
    enabled: s.cache_enabled === 1,
    embedder: s.cache_embedder,
    similarity_threshold: s.cache_similarity_threshold,
    ttl_seconds: s.cache_ttl_seconds,
  };
}

export async function setConfig(
  deps: AppDeps,
  accountId: string,
  c: CacheConfigUpdate,
): Promise<CacheConfig> {
  const s = await saveAccountSettings(deps, accountId, {
    ...(c.enabled !== undefined ? { cache_enabled: c.enabled ? 1 : 0 } : {}),
    ...(c.similarity_threshold !== undefined
      ? { cache_similarity_threshold: Math.round(c.similarity_threshold * 100) / 100 }
      : {}),
    ...(c.ttl_seconds !== undefined ? { cache_ttl_seconds: c.ttl_seconds } : {}),
    ...(c.embedder ? { cache_embedder: c.embedder } : {}),
  });
  return toConfig(s);
}

export async function getAnalytics(deps: AppDeps, accountId: string): Promise<CacheAnalytics> {
  const { totals, byProvider, byModel } = await repo.entryTotals(
    deps.db.kysely,
    accountId,
    deps.clock(),
  );
  return {
    total_entries: Number(totals.entries),
    total_tokens_saved: Number(totals.tokens_saved),
    total_cost_saved: Number(totals.cost_saved),
    by_provider: byProvider.map((r) => ({
      provider: r.provider,
      entries: Number(r.entries),
      tokens_saved: Number(r.tokens_saved),
    })),
    by_model: byModel.map((r) => ({
      model: r.model,
      entries: Number(r.entries),
      tokens_saved: Number(r.tokens_saved),
    })),
  };
}

export async function listEntries(
  deps: AppDeps,
  accountId: string,
  limit: number,
  offset: number,
): Promise<CacheEntriesPage> {
  const { rows, total } = await repo.listEntries(
    deps.db.kysely,
    accountId,
    deps.clock(),
    limit,
    offset,
  );
  return {
    entries: rows.map((r) => ({
      id: r.id,
      prompt_preview: promptPreview(r.query_text),
      provider: r.provider,
      model: r.model,
      tokens_saved: Number(r.tokens_saved),
      cost_saved: Number(r.cost_saved),
      hits: Number(r.hits),
      last_hit_at: r.last_hit_at === null ? null : new Date(r.last_hit_at).toISOString(),
      created_at: new Date(r.created_at).toISOString(),
      expires_at: new Date(r.expires_at).toISOString(),
      demoted: r.demoted === 1,
    })),
    total,
  };
}

export async function deleteEntry(
  cache: ResponseCacheHandle,
  accountId: string,
  id: string,
): Promise<void> {
  if (!(await cache.removeEntry(accountId, id))) throw notFound('Cache entry not found');
}

function modelOrFail(name: string | undefined) {
  const model = resolveModel(name ?? DEFAULT_PREVIEW_MODEL);
  if (!model) throw badRequest(`Unknown model: ${name}`);
  return model;
}

function messagesFor(prompt: string, system: string | undefined): CachePromptMessage[] {
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    { role: 'user', content: prompt },
  ];
}

/** A prompt (and its answer), redacted in the gateway's message order: system first. */
async function redactedPair<T extends { prompt: string; system?: string; response?: string }>(
  deps: AppDeps,
  settings: AccountSettings,
  pair: T,
): Promise<T> {
  const texts = [pair.system, pair.prompt, pair.response];
  const present = texts.filter((t): t is string => t !== undefined);
  const redacted = await redactForCache(deps, settings, present);
  let next = 0;
  const [system, prompt, response] = texts.map((t) => (t === undefined ? t : redacted[next++]));
  return { ...pair, system, prompt: prompt ?? pair.prompt, response };
}

/** What the cache would do for a prompt: the closest entry, its similarity, and what refused it. */
export async function preview(
  deps: AppDeps,
  cache: ResponseCacheHandle,
  accountId: string,
  body: CachePreviewRequest,
): Promise<CachePreview> {
  const model = modelOrFail(body.model);
  const settings = await getAccountSettings(deps.db.kysely, accountId);
  const { cache_similarity_threshold: threshold, cache_embedder: embedder } = settings;
  const { prompt, system } = await redactedPair(deps, settings, body);
  const input = cache.keyInput(
    { accountId, provider: model.provider, model },
    messagesFor(prompt, system),
    {},
  );
  const result = await withEmbedder(embedder, () => cache.lookup(input, threshold, embedder));
  const match = result.kind === 'miss' ? result.best?.entry : result.entry;
  const found = {
    similarity: result.kind === 'miss' ? (result.best?.similarity ?? null) : result.similarity,
    match: match ? { id: match.id, prompt_preview: promptPreview(match.queryText) } : null,
    threshold,
  };
  // The gateway does not look up an account whose cache is off: its closest entry is shown, no hit.
  if (settings.cache_enabled !== 1) {
    return { ...found, would_hit: false, layer: null, refused_by: 'disabled' };
  }
  return {
    ...found,
    would_hit: result.kind !== 'miss',
    layer: result.kind === 'miss' ? null : result.kind,
    refused_by: result.kind === 'miss' ? (result.best?.refusedBy ?? null) : null,
    ...(result.kind !== 'miss' && result.verified ? { verified: true as const } : {}),
  };
}

/** Loads known prompt/answer pairs so their first real request is already a hit. */
export async function warmup(
  deps: AppDeps,
  cache: ResponseCacheHandle,
  accountId: string,
  body: CacheWarmupRequest,
): Promise<CacheWarmupResult> {
  const model = modelOrFail(body.model);
  const settings = await getAccountSettings(deps.db.kysely, accountId);
  const { cache_ttl_seconds: ttl, cache_embedder: embedder } = settings;
  const ids: string[] = [];
  for (const pair of body.entries) {
    // One session for the pair: the answer's copy of a prompt value gets the prompt's placeholder,
    // which a hit turns back into the value its own caller sent.
    const e = await redactedPair(deps, settings, pair);
    const messages = messagesFor(e.prompt, e.system);
    // The call a hit on this answer spares: the prompt and the answer, counted with the model's
    // tokenizer as the gateway counts a call the provider reported no usage for.
    const tokensIn = countChat(messages, model).tokens;
    const tokensOut = countTokens(e.response, model);
    const response: CachedAnswer['response'] = {
      id: `warmup-${ids.length}`,
      object: 'chat.completion',
      created: Math.floor(deps.clock() / 1000),
      model: model.id,
      choices: [
        { index: 0, message: { role: 'assistant', content: e.response }, finish_reason: 'stop' },
      ],
      usage: {
        prompt_tokens: tokensIn,
        completion_tokens: tokensOut,
        total_tokens: tokensIn + tokensOut,
      },
    };
    const input = cache.keyInput({ accountId, provider: model.provider, model }, messages, {});
    // Like any entry, it claims savings only as real requests hit it.
    const cost = costOf(model, { inputTokens: tokensIn, outputTokens: tokensOut });
    const entry = { response, tokensIn, tokensOut, cost };
    const target = { accountId, provider: model.provider, model };
    ids.push(await withEmbedder(embedder, () => cache.store(target, input, entry, ttl, embedder)));
  }
  await cache.settled();
  return { loaded: ids.length, ids };
}
