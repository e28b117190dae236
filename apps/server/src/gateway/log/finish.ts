import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import {
  baseRow,
  cacheHitCharges,
  type LoggedContext,
  type Outcome,
  providerCharges,
} from './log-row.ts';

export type { Outcome } from './log-row.ts';

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
  if (ctx.quotaHold) services.quota.settle(ctx.quotaHold, charges.pendingTokens ?? 0);
  if (charges.pendingTokens !== undefined)
    services.accounts.addPendingTokens(ctx.account.accountId, charges.pendingTokens);
}

/** A request refused before its key was resolved has no account to log it in. */
function isLogged(ctx: GatewayContext): ctx is LoggedContext {
  return ctx.apiKey !== undefined && ctx.account !== undefined;
}
