import type { BillingOverview, Subscription, Usage } from '@tokenwise/contracts';
import type { SubscriptionRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { money } from '../../domain/analytics/figures.ts';
import { requestFigures } from '../../domain/analytics/request-figures.ts';
import { savingsOver } from '../../domain/analytics/savings-figures.ts';
import { currentPeriod, effectiveStatus } from '../../domain/billing/billing-period.ts';
import { findSubscription, isActive } from '../../domain/billing/subscription.repository.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import { SUBSCRIPTION_CHANGED_TOPIC } from '../../domain/topics.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/** Members read their own account's billing; superadmins read any. */
function assertCanRead(auth: AuthContext, accountId: string): void {
  if (auth.user.is_superadmin) return;
  if (!auth.accounts.some((a) => a.id === accountId)) throw notFound('No account found');
}

export async function getSubscription(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
): Promise<Subscription | null> {
  assertCanRead(auth, accountId);
  const sub = await findSubscription(deps.db.kysely, accountId);
  return sub ? toSubscription(sub, deps.clock()) : null;
}

export async function getUsage(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
): Promise<Usage | null> {
  assertCanRead(auth, accountId);
  const sub = await findSubscription(deps.db.kysely, accountId);
  return sub ? usageOf(deps, sub) : null;
}

/** GET /v1/billing/subscription: the /billing screen in one call, `null`s when there is no plan. */
export async function getOverview(deps: AppDeps, auth: AuthContext): Promise<BillingOverview> {
  const sub = await findSubscription(deps.db.kysely, auth.account.id);
  if (!sub) return { subscription: null, usage: null };
  return { subscription: toSubscription(sub, deps.clock()), usage: await usageOf(deps, sub) };
}

/** The period's figures from the same reads as the dashboard and /savings (docs/metrics.md). */
async function usageOf(deps: AppDeps, sub: SubscriptionRow): Promise<Usage> {
  const now = deps.clock();
  const period = currentPeriod(sub, now);
  const window = { from: period.start, to: period.end };
  const db = deps.db.kysely;
  const rawFrom = retainedFrom(deps.config.logRetentionDays, now);
  const [f, savings] = await Promise.all([
    requestFigures(db, sub.account_id, window, { rawFrom }),
    savingsOver(db, sub.account_id, window, now, rawFrom),
  ]);
  const costSaved = savings.summary.total_savings;
  return {
    period_start: new Date(period.start).toISOString(),
    period_end: new Date(period.end).toISOString(),
    total_requests: f.requests,
    optimized_requests: f.optimized,
    passthrough_requests: f.passthrough,
    failed_requests: f.failed,
    total_original_tokens: f.optimizedTokens + f.tokensSaved,
    total_optimized_tokens: f.optimizedTokens,
    total_tokens_saved: f.tokensSaved,
    total_cost_saved: costSaved,
    savings_percentage: savings.summary.savings_percentage,
    estimated_bill: sub.tier === 'enterprise' ? enterpriseBill(costSaved, sub) : null,
  };
}

/** Enterprise is billed a share of what it saved (spec section 9). */
function enterpriseBill(costSaved: number, sub: SubscriptionRow): number {
  return money((Math.max(0, costSaved) * sub.savings_percentage) / 100);
}

export async function startCheckout(deps: AppDeps, auth: AuthContext): Promise<string> {
  if (auth.account.role !== 'owner') throw forbidden('Only the account owner can manage billing');
  const url = await deps.billing.startCheckout({ account: auth.account, email: auth.user.email });
  // Local billing starts the subscription here, not in a webhook: every instance's gateway, this
  // one's included, read the account as unsubscribed (402) until its memo ran out.
  await deps.bus.publish(SUBSCRIPTION_CHANGED_TOPIC, auth.account.id);
  return url;
}

export async function openPortal(deps: AppDeps, auth: AuthContext): Promise<string> {
  if (auth.account.role !== 'owner') throw forbidden('Only the account owner can manage billing');
  return deps.billing.openPortal({ account: auth.account });
}

export function toSubscription(sub: SubscriptionRow, now: number): Subscription {
  const period = currentPeriod(sub, now);
  return {
    tier: sub.tier,
    status: effectiveStatus(sub, now),
    monthly_fee: sub.monthly_fee,
    monthly_token_quota: sub.monthly_token_quota,
    savings_percentage: sub.savings_percentage,
    is_active: isActive(sub, now),
    trial_ends_at: sub.trial_ends_at === null ? null : new Date(sub.trial_ends_at).toISOString(),
    current_period_start: new Date(period.start).toISOString(),
    current_period_end: new Date(period.end).toISOString(),
    cancel_at: sub.cancel_at === null ? null : new Date(sub.cancel_at).toISOString(),
  };
}
