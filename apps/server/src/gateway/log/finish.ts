import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import {
  baseRow,
  cacheHitCharges,
  type LoggedContext,
  type Outcome,
  providerCharges,
  requestDetails,
} from './log-row.ts';
import type { LogRecord } from './request-log-store.ts';

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
  // The charge columns are copied onto the fresh base row rather than both spread into a third
  // object: one row object per request instead of two (decision 040). Same keys, same order.
  const row: LogRecord['row'] = Object.assign(
    baseRow(ctx, outcome, services.deps.clock() - ctx.startedAt),
    charges.columns,
  );
  const { scoreLater } = ctx.routing;
  const record: LogRecord = {
    row,
    period: ctx.account.period,
    usage: charges.usage,
    // Difficulty nobody on the request path read is scored as the row is written (decision 023).
    complete: scoreLater
      ? () => {
          const { difficulty, reasons } = scoreLater();
          ctx.routing.difficulty = difficulty;
          ctx.routing.reasons = reasons;
          row.difficulty = difficulty;
          row.details = requestDetails(ctx, charges.tokensEstimated, charges.webSearches);
        }
      : undefined,
  };
  // Counted before it is queued: the queue may write or spill it at once, and the writer releases
  // the count as it commits the row.
  services.accounts.countPending(record);
  services.logs.enqueue(record);
  if (ctx.quotaHold) services.quota.settle(ctx.quotaHold, charges.usage.total_optimized_tokens);
}

/**
 * A request refused before its key was resolved has no account to log it in; one refused for
 * want of a subscription is not the account's traffic (docs/metrics.md): logged, it showed as
 * failed requests once the account resubscribed, and fed an error-rate alert its owners could not
 * open /alerts to turn off.
 */
function isLogged(ctx: GatewayContext): ctx is LoggedContext {
  return ctx.apiKey !== undefined && ctx.account?.active === true;
}
