import type { StoredAnswer } from '../cache/response-cache.ts';
import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import type { TokenUsage } from '../types.ts';
import { baseRow, cacheHitCharges, type LoggedContext, providerCharges } from './log-row.ts';

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
 * The end of every request, whichever path it took (plain, streamed, cache hit, embeddings,
 * error): tokens, cost and savings, one request-log row and the usage counters, handed to the
 * write-behind queue so the caller never waits on the database. Only the first call counts: a
 * stream cut mid-way and the error that follows it are one request, and one row.
 */
export function finish(ctx: GatewayContext, services: GatewayServices, outcome: Outcome): void {
  if (ctx.finished) return;
  ctx.finished = true;
  if (!isLogged(ctx)) return;
  const charges = outcome.cachedAnswer
    ? cacheHitCharges(ctx, outcome.cachedAnswer)
    : providerCharges(ctx, outcome);
  services.logs.enqueue({
    row: {
      ...baseRow(ctx, outcome, services.deps.clock() - ctx.startedAt),
      ...charges.columns,
    },
    period: ctx.account.period,
    usage: charges.usage,
  });
  if (charges.pendingTokens !== undefined)
    services.accounts.addPendingTokens(ctx.account.accountId, charges.pendingTokens);
}

/** A request refused before its key was resolved has no account to log it in. */
function isLogged(ctx: GatewayContext): ctx is LoggedContext {
  return ctx.apiKey !== undefined && ctx.account !== undefined;
}
