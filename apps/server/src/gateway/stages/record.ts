import type { RequestStageDetails } from '@tokenwise/contracts';
import { costOf, countChat, countTokens } from '@tokenwise/pricing';
import type { StoredAnswer } from '../cache/response-cache.ts';
import type { GatewayContext } from '../context.ts';
import { clip } from '../message-text.ts';
import type { GatewayServices } from '../services.ts';
import type { TokenUsage } from '../types.ts';

export interface Outcome {
  ok: boolean;
  httpStatus: number;
  errorMessage?: string;
  /** Provider-reported usage; absent for streams that did not report it. */
  usage?: TokenUsage;
  responseText?: string;
  /** The model the provider says answered. */
  answeredModel?: string;
  /** Set when the answer came from the semantic cache instead of the provider. */
  cachedAnswer?: StoredAnswer;
}

/**
 * The last stage: tokens, cost and savings of the request, one request-log row and the usage
 * counters, handed to the write-behind queue so the caller never waits on the database.
 */
export function record(ctx: GatewayContext, services: GatewayServices, outcome: Outcome): void {
  const account = ctx.account;
  if (!ctx.apiKey || !account) return;
  if (outcome.cachedAnswer) {
    recordCacheHit(ctx, services, outcome, outcome.cachedAnswer);
    return;
  }
  const model = ctx.model;
  // Streams without usage: count with the model family's tokenizer (see packages/pricing), which
  // estimates beyond its first 32 K characters.
  const counted =
    !outcome.usage && outcome.ok && model ? countChat(ctx.request.messages, model) : undefined;
  const usage =
    outcome.usage ??
    (counted && model
      ? {
          prompt_tokens: counted.tokens,
          completion_tokens: countTokens(outcome.responseText ?? '', model),
          total_tokens: 0,
        }
      : { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  const tokensIn = usage.prompt_tokens;
  const tokensOut = usage.completion_tokens;
  const tokensSaved = outcome.ok ? ctx.optimization.tokensSaved : 0;
  const cache = promptCacheTokens(usage);
  const actualCost =
    model && outcome.ok
      ? costOf(model, { inputTokens: tokensIn, outputTokens: tokensOut, ...cache })
      : 0;
  // What the caller would have paid without us: the requested model on the original prompt (with
  // the same provider prompt-cache reads and writes, which we did not cause).
  const wouldHaveCost =
    ctx.requestedModel && outcome.ok
      ? costOf(ctx.requestedModel, {
          inputTokens: tokensIn + tokensSaved,
          outputTokens: tokensOut,
          ...cache,
        })
      : 0;
  const costSaved = Math.max(0, wouldHaveCost - actualCost);
  const optimized = outcome.ok && !ctx.passthrough && !ctx.baseline;
  const latency = services.deps.clock() - ctx.startedAt;

  services.logs.enqueue({
    row: {
      id: ctx.requestId,
      account_id: account.accountId,
      api_key_id: ctx.apiKey.id,
      created_at: ctx.startedAt,
      endpoint: ctx.endpoint,
      status: outcome.ok ? 'success' : 'error',
      http_status: outcome.httpStatus,
      error_message: outcome.errorMessage ? clip(outcome.errorMessage) : null,
      provider: model?.provider ?? 'unknown',
      model: outcome.answeredModel ?? model?.id ?? ctx.original.model,
      requested_model: ctx.original.model,
      routed_model: ctx.routing.wasRouted ? (model?.id ?? null) : null,
      was_routed: ctx.routing.wasRouted ? 1 : 0,
      difficulty: ctx.routing.difficulty,
      optimization_level: ctx.optimization.level,
      cache_hit: 0,
      cache_status: ctx.cache.status,
      is_stream: ctx.original.stream ? 1 : 0,
      is_baseline: ctx.baseline ? 1 : 0,
      is_passthrough: ctx.passthrough ? 1 : 0,
      tokens_in: tokensIn,
      tokens_out: tokensOut,
      original_tokens_in: tokensIn + tokensSaved,
      tokens_saved: tokensSaved,
      actual_cost: actualCost,
      cost_saved: costSaved,
      latency_ms: latency,
      original_text: ctx.optimization.originalText,
      optimized_text: ctx.optimization.optimizedText,
      response_text: outcome.responseText ? clip(outcome.responseText) : null,
      details: requestDetails(ctx, counted?.estimated === true),
    },
    period: account.period,
    usage: {
      total_requests: outcome.ok ? 1 : 0,
      optimized_requests: optimized ? 1 : 0,
      passthrough_requests: outcome.ok && !optimized ? 1 : 0,
      total_original_tokens: outcome.ok ? tokensIn + tokensSaved : 0,
      total_optimized_tokens: optimized ? tokensIn : 0,
      total_tokens_saved: tokensSaved,
      total_cost_saved: costSaved,
    },
  });
  if (optimized) services.accounts.addPendingTokens(account.accountId, tokensIn);
}

/** The provider's prompt-cache figures, priced at their own rates (both are within prompt_tokens). */
export function promptCacheTokens(usage: TokenUsage): {
  cacheReadTokens: number;
  cacheWriteTokens: number;
} {
  return {
    cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? 0,
  };
}

/** The log row's `details` column, in the shape its contract promises the request-detail screen. */
function requestDetails(ctx: GatewayContext, tokensEstimated: boolean): string | null {
  const details: RequestStageDetails = {};
  if (ctx.routing.reasons.length) details.difficulty_reasons = ctx.routing.reasons;
  if (ctx.optimization.skipped.length) details.optimizations_skipped = ctx.optimization.skipped;
  if (tokensEstimated) details.tokens_estimated = true;
  return Object.keys(details).length ? JSON.stringify(details) : null;
}

/** The log row's `details` column for a cache hit. */
function detailsOf(ctx: GatewayContext): string | null {
  const details: RequestStageDetails = {};
  if (ctx.routing.reasons.length) details.difficulty_reasons = ctx.routing.reasons;
  if (ctx.cache.entryId) {
    details.cache_entry_id = ctx.cache.entryId;
    details.cache_similarity = ctx.cache.similarity;
    details.cache_layer = ctx.cache.layer;
  }
  if (ctx.redaction) details.pii_redacted = ctx.redaction.counts;
  return Object.keys(details).length ? JSON.stringify(details) : null;
}

/** A hit used no provider tokens: everything the original call cost is saved. */
function recordCacheHit(
  ctx: GatewayContext,
  services: GatewayServices,
  outcome: Outcome,
  answer: StoredAnswer,
): void {
  const account = ctx.account;
  if (!ctx.apiKey || !account) return;
  const saved = answer.tokensIn + answer.tokensOut;
  services.logs.enqueue({
    row: {
      id: ctx.requestId,
      account_id: account.accountId,
      api_key_id: ctx.apiKey.id,
      created_at: ctx.startedAt,
      endpoint: ctx.endpoint,
      status: 'success',
      http_status: 200,
      error_message: null,
      provider: ctx.requestedModel?.provider ?? 'unknown',
      model: outcome.answeredModel ?? ctx.original.model,
      requested_model: ctx.original.model,
      routed_model: null,
      was_routed: 0,
      difficulty: ctx.routing.difficulty,
      optimization_level: null,
      cache_hit: 1,
      cache_status: 'hit',
      is_stream: ctx.original.stream ? 1 : 0,
      is_baseline: 0,
      is_passthrough: 0,
      tokens_in: 0,
      tokens_out: 0,
      original_tokens_in: answer.tokensIn,
      tokens_saved: saved,
      actual_cost: 0,
      cost_saved: answer.cost,
      latency_ms: services.deps.clock() - ctx.startedAt,
      original_text: ctx.optimization.originalText,
      optimized_text: ctx.optimization.originalText,
      response_text: outcome.responseText ? clip(outcome.responseText) : null,
      details: detailsOf(ctx),
    },
    period: account.period,
    usage: {
      total_requests: 1,
      optimized_requests: 1,
      passthrough_requests: 0,
      total_original_tokens: answer.tokensIn,
      total_optimized_tokens: 0,
      total_tokens_saved: saved,
      total_cost_saved: answer.cost,
    },
  });
}
