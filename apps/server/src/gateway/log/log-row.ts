import type { RequestStageDetails } from '@tokenwise/contracts';
import type { RequestLogRow } from '@tokenwise/db';
import { costOf, countChat, countTokens, parseModelName } from '@tokenwise/pricing';
import type { UsageDelta } from '../../domain/billing/usage.repository.ts';
import type { AccountState } from '../accounts/account-state.ts';
import type { ResolvedApiKey } from '../accounts/api-key-resolver.ts';
import type { StoredAnswer } from '../cache/response-cache.ts';
import type { GatewayContext } from '../context.ts';
import { clip } from '../request/message-text.ts';
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
  /**
   * A failed request the provider still bills: a stream the caller left part-way, after the
   * provider had read the prompt and written what was relayed. Its tokens and cost are counted
   * (nothing is saved); other failures cost nothing.
   */
  billed?: boolean;
}

/** The columns that depend on who answered (the provider or the cache), and the usage counters. */
export interface Charges {
  columns: Pick<
    RequestLogRow,
    | 'cache_hit'
    | 'tokens_in'
    | 'tokens_out'
    | 'original_tokens_in'
    | 'tokens_saved'
    | 'actual_cost'
    | 'cost_saved'
    | 'optimized_text'
    | 'details'
  >;
  usage: UsageDelta;
  /** Some tokens were estimated, not counted (said again in `details` if it is written later). */
  tokensEstimated: boolean;
  /** Web searches the provider billed (said again in `details` if it is written later). */
  webSearches: number;
}

type BaseColumns = Omit<RequestLogRow, keyof Charges['columns']>;

/** A request that got as far as an account: the only kind that is logged. */
export type LoggedContext = GatewayContext & { apiKey: ResolvedApiKey; account: AccountState };

/** The row's columns that every path fills the same way, from the context and the outcome. */
export function baseRow(ctx: LoggedContext, outcome: Outcome, latencyMs: number): BaseColumns {
  const model = ctx.target?.chosen;
  return {
    id: ctx.requestId,
    account_id: ctx.account.accountId,
    api_key_id: ctx.apiKey.id,
    created_at: ctx.recordedAt,
    endpoint: ctx.endpoint,
    status: outcome.ok ? 'success' : 'error',
    http_status: outcome.httpStatus,
    error_message: outcome.errorMessage ? clip(outcome.errorMessage) : null,
    // A request refused before a provider was chosen (no key for it) still names the provider its
    // model belongs to, so the log and its provider filter find it.
    provider: model?.provider ?? providerNamed(ctx.original.model),
    // A hit is logged under the model asked for, whose price its saving is (cacheHitSaving): the
    // family's entry may have been filled by another size, and the per-model figures and the
    // model filter would credit that one with this saving (decision 100).
    model:
      (outcome.cachedAnswer ? undefined : outcome.answeredModel) ?? model?.id ?? ctx.original.model,
    requested_model: ctx.original.model,
    routed_model: ctx.routing.wasRouted ? (model?.id ?? null) : null,
    was_routed: ctx.routing.wasRouted ? 1 : 0,
    difficulty: ctx.routing.difficulty,
    difficulty_not_sampled: ctx.routing.notSampled ?? null,
    optimization_level: ctx.optimization.level,
    cache_status: ctx.cache.status,
    is_stream: ctx.original.stream ? 1 : 0,
    is_baseline: ctx.baseline ? 1 : 0,
    is_passthrough: ctx.passthrough ? 1 : 0,
    latency_ms: latencyMs,
    original_text: ctx.optimization.originalText,
    response_text: outcome.responseText ? clip(outcome.responseText) : null,
  };
}

/**
 * The provider's usage, if it reported any. A plain answer without a usage object reaches here as
 * zeros (the adapters fill them in for the caller); no answer the provider counted has 0 prompt
 * tokens, so zeros mean "not reported" and the answer is counted like a stream without usage.
 */
export function reportedUsage(usage: TokenUsage | undefined): TokenUsage | undefined {
  return usage && (usage.prompt_tokens > 0 || usage.completion_tokens > 0) ? usage : undefined;
}

/** An answer from the provider: its tokens at the chosen model's prices, against the requested's. */
export function providerCharges(ctx: GatewayContext, outcome: Outcome): Charges {
  const model = ctx.target?.chosen;
  // Answers without usage: count with the model family's tokenizer (see packages/pricing), which
  // estimates beyond its first 32 K characters.
  const billed = outcome.ok || outcome.billed === true;
  const reported = reportedUsage(outcome.usage);
  const counted = !reported && billed && model ? countChat(ctx.request.messages, model) : undefined;
  const usage =
    reported ??
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
  const own = separatelyPriced(usage);
  const actualCost =
    model && billed ? costOf(model, { inputTokens: tokensIn, outputTokens: tokensOut, ...own }) : 0;
  // What the caller would have paid without us: the requested model on the original prompt (with
  // the same provider prompt-cache reads and writes and web searches, which we did not cause).
  const wouldHaveCost =
    ctx.target && outcome.ok
      ? costOf(ctx.target.requested, {
          inputTokens: tokensIn + tokensSaved,
          outputTokens: tokensOut,
          ...own,
        })
      : 0;
  // Negative when routing raised a Mini model to Core for a complex task: that extra cost is
  // reported, not hidden (decision 084). A failed request saves nothing.
  const costSaved = outcome.ok ? wouldHaveCost - actualCost : 0;
  const optimized = outcome.ok && !ctx.passthrough && !ctx.baseline;
  return {
    columns: {
      cache_hit: 0,
      tokens_in: tokensIn,
      tokens_out: tokensOut,
      original_tokens_in: tokensIn + tokensSaved,
      tokens_saved: tokensSaved,
      actual_cost: actualCost,
      cost_saved: costSaved,
      optimized_text: ctx.optimization.optimizedText,
      details: requestDetails(ctx, counted?.estimated === true, own.webSearches),
    },
    usage: {
      total_requests: outcome.ok ? 1 : 0,
      optimized_requests: optimized ? 1 : 0,
      passthrough_requests: outcome.ok && !optimized ? 1 : 0,
      total_original_tokens: outcome.ok ? tokensIn + tokensSaved : 0,
      total_optimized_tokens: optimized ? tokensIn : 0,
      total_tokens_saved: tokensSaved,
      total_cost_saved: costSaved,
    },
    tokensEstimated: counted?.estimated === true,
    webSearches: own.webSearches,
  };
}

/**
 * What a cache hit saved: the stored call's tokens at the prices of the model this request asked
 * for. An entry serves the whole model family (gpt-4o and gpt-4o-mini share answers), and
 * `answer.cost` is priced at the model that filled it, which this caller may never have paid.
 */
export function cacheHitSaving(ctx: GatewayContext, answer: StoredAnswer): number {
  if (!ctx.target) return answer.cost;
  return costOf(ctx.target.requested, {
    inputTokens: answer.tokensIn,
    outputTokens: answer.tokensOut,
    ...separatelyPriced(answer.response.usage),
  });
}

/** A hit used no provider tokens: everything the call would have cost is saved. */
export function cacheHitCharges(ctx: GatewayContext, answer: StoredAnswer): Charges {
  const saved = answer.tokensIn + answer.tokensOut;
  const costSaved = cacheHitSaving(ctx, answer);
  return {
    columns: {
      cache_hit: 1,
      tokens_in: 0,
      tokens_out: 0,
      original_tokens_in: answer.tokensIn,
      tokens_saved: saved,
      actual_cost: 0,
      cost_saved: costSaved,
      // Nothing was compressed: the prompt was answered as the caller sent it (redacted).
      optimized_text: ctx.optimization.originalText,
      details: requestDetails(ctx, false),
    },
    usage: {
      total_requests: 1,
      optimized_requests: 1,
      passthrough_requests: 0,
      total_original_tokens: answer.tokensIn,
      total_optimized_tokens: 0,
      total_tokens_saved: saved,
      total_cost_saved: costSaved,
    },
    tokensEstimated: false,
    webSearches: 0,
  };
}

/**
 * The provider's figures priced at rates of their own: prompt-cache reads and writes (both within
 * prompt_tokens) and web searches, billed per search (decisions 182, 184; genai-prices prices
 * Claude's, not Google's).
 */
export function separatelyPriced(usage: TokenUsage): {
  cacheReadTokens: number;
  cacheWriteTokens: number;
  webSearches: number;
} {
  return {
    cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? 0,
    webSearches: searchCount(usage.server_tool_use?.web_search_requests),
  };
}

/**
 * A count of searches, or 0: usage from an OpenAI-compatible upstream passes as it came, and a
 * value the details contract refuses (1.5, "3") would make the row's whole details unreadable.
 */
function searchCount(value: unknown): number {
  return Number.isInteger(value) && (value as number) > 0 ? (value as number) : 0;
}

/**
 * The row's `details` column, in the shape its contract promises the request-detail screen: what
 * each stage did, written the same way whether the provider or the cache answered.
 */
export function requestDetails(
  ctx: GatewayContext,
  tokensEstimated: boolean,
  webSearches = 0,
): string | null {
  const details: RequestStageDetails = {};
  if (ctx.routing.reasons.length) details.difficulty_reasons = ctx.routing.reasons;
  if (ctx.cache.entryId) {
    details.cache_entry_id = ctx.cache.entryId;
    details.cache_similarity = ctx.cache.similarity;
    details.cache_layer = ctx.cache.layer;
    if (ctx.cache.verified) details.cache_verified = true;
  }
  if (ctx.redaction) details.pii_redacted = ctx.redaction.counts;
  if (ctx.optimization.skipped.length) details.optimizations_skipped = ctx.optimization.skipped;
  if (tokensEstimated) details.tokens_estimated = true;
  if (webSearches > 0) details.web_searches = webSearches;
  if (ctx.target && !ctx.target.chosen.priced) details.price_unknown = true;
  return Object.keys(details).length ? JSON.stringify(details) : null;
}

function providerNamed(model: string | undefined): string {
  return (model && parseModelName(model)?.provider) || 'unknown';
}
