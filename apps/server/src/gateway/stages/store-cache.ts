import { costOf, countChat, countTokens } from '@tokenwise/pricing';
import type { TargetedContext } from '../context.ts';
import { reportedUsage, separatelyPriced } from '../log/log-row.ts';
import { responseText } from '../request/message-text.ts';
import type { GatewayServices } from '../services.ts';
import type { ChatCompletionResponse } from '../types.ts';

/**
 * The semantic cache, write side: a complete answer to a cacheable request is kept (as redacted)
 * for the account's TTL. Truncated, filtered or empty answers are not cached, nor answers of
 * several choices or with logprobs. The store itself is queued
 * until the answer has been sent (ResponseCache.storeAfterAnswer): it is never on the hot path.
 */
export function storeCache(
  ctx: TargetedContext,
  services: GatewayServices,
  response: ChatCompletionResponse,
): void {
  const { input } = ctx.cache;
  const { requested } = ctx.target;
  if (!input || !ctx.apiKey || ctx.cache.status !== 'miss' || ctx.cache.mode === 'no-store') return;
  // An entry is one answer, replayed as text, tool calls and thinking: a request for several
  // choices or for logprobs would get less from it than it asked for (streams assemble choice 0).
  // Legacy completions ask for logprobs by count (`logprobs: 0` included, decision 152).
  const { logprobs } = ctx.original;
  if ((ctx.original.n ?? 1) > 1 || (logprobs != null && logprobs !== false)) return;
  const choice = response.choices[0];
  const finish = choice?.finish_reason;
  if (response.choices.length !== 1 || (finish !== 'stop' && finish !== 'tool_calls')) return;
  // An empty answer (Claude now and then ends a turn with no text) is passed on but not kept: the
  // caller's retry must reach the model, not get the same nothing for the entry's TTL.
  if (!choice?.message.content?.trim() && !choice?.message.tool_calls?.length) return;
  // An answer the provider reported no usage for (zeros) is counted as its log row is, so a hit on
  // it saves its tokens and cost rather than nothing.
  const { accountId } = ctx.apiKey;
  const usage = reportedUsage(response.usage) ?? {
    prompt_tokens: countChat(ctx.request.messages, ctx.target.chosen).tokens,
    completion_tokens: countTokens(responseText(response), ctx.target.chosen),
    total_tokens: 0,
  };
  const tokensIn = usage.prompt_tokens + ctx.optimization.tokensSaved;
  const tokensOut = usage.completion_tokens;
  services.cache.storeAfterAnswer(
    { accountId, provider: requested.provider, model: requested },
    input,
    {
      response: withoutServiceTier(response),
      tokensIn,
      tokensOut,
      cost: costOf(requested, {
        inputTokens: tokensIn,
        outputTokens: tokensOut,
        ...separatelyPriced(usage),
      }),
    },
    ctx.cache.ttlSeconds ?? 3600,
    ctx.account?.settings.cache_embedder ?? 'local',
    // Switched off while the answer was on its way: the gateway stores nothing for the account.
    async () => (await services.accounts.get(accountId)).settings.cache_enabled === 1,
  );
}

/** A hit is served by no provider tier, so the entry names none (decision 227). */
function withoutServiceTier(response: ChatCompletionResponse): ChatCompletionResponse {
  if (response.service_tier === undefined) return response;
  const { service_tier: _tier, ...rest } = response;
  return rest;
}
