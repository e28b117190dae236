import type { Subscription, Usage } from '@tokenwise/contracts';
import type { SubscriptionRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { currentPeriod, effectiveStatus } from '../../domain/billing/billing-period.ts';
import { findSubscription, isActive } from '../../domain/billing/subscription.repository.ts';
import { findUsage } from '../../domain/billing/usage.repository.ts';
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
): Promise<Subscription> {
  assertCanRead(auth, accountId);
  const sub = await findSubscription(deps.db.kysely, accountId);
  if (!sub) throw notFound('No active subscription');
  return toSubscription(sub, deps.clock());
}

export async function getUsage(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string,
): Promise<Usage> {
  assertCanRead(auth, accountId);
  const sub = await findSubscription(deps.db.kysely, accountId);
  if (!sub) throw notFound('No active subscription');
  const period = currentPeriod(sub, deps.clock());
  const row = await findUsage(deps.db.kysely, accountId, period);
  return {
    period_start: new Date(period.start).toISOString(),
    period_end: new Date(period.end).toISOString(),
    total_requests: row?.total_requests ?? 0,
    optimized_requests: row?.optimized_requests ?? 0,
    passthrough_requests: row?.passthrough_requests ?? 0,
    total_original_tokens: row?.total_original_tokens ?? 0,
    total_optimized_tokens: row?.total_optimized_tokens ?? 0,
    total_tokens_saved: row?.total_tokens_saved ?? 0,
    total_cost_saved: row?.total_cost_saved ?? 0,
  };
}

export async function startCheckout(deps: AppDeps, auth: AuthContext): Promise<string> {
  if (auth.account.role !== 'owner') throw forbidden('Only the account owner can manage billing');
  return deps.billing.startCheckout({ account: auth.account, email: auth.user.email });
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
  };
}
