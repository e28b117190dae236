import { resolveServedModel } from '@tokenwise/pricing';
import { subscriptionRequiredMessage } from '../../domain/billing/subscription.repository.ts';
import type { AccountState } from '../accounts/account-state.ts';
import { estimateRequestTokens } from '../accounts/quota-estimate.ts';
import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';

/**
 * No live subscription: 402. Otherwise the prompt's estimated tokens are held against the plan's
 * monthly optimized-token quota (accounts/quota-reservations.ts); when they do not fit, the
 * request still goes through, unoptimized, and counts as passthrough.
 */
export async function checkQuota(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  const account = await requireActiveAccount(ctx, services);
  // A quota of 0 means none (enterprise): nothing to hold, nothing to estimate.
  if (account.quota <= 0) return;
  // Routing keeps the provider the caller named, whose rule counts the images (decision 175).
  const provider = resolveServedModel(ctx.original.model)?.provider;
  const estimatedTokens = estimateRequestTokens(ctx.request, provider);
  ctx.quotaHold = await services.quota.reserve(account, estimatedTokens);
  ctx.passthrough = ctx.quotaHold === undefined;
}

/** The caller's account, on the context; 402 when it has no live subscription. */
export async function requireActiveAccount(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<AccountState> {
  if (!ctx.apiKey) throw new Error('the account is read after authenticate');
  const account = await services.accounts.get(ctx.apiKey.accountId);
  ctx.account = account;
  if (!account.active) {
    throw new GatewayError(
      402,
      subscriptionRequiredMessage(account.subscription, services.deps.clock()),
      'insufficient_quota',
      'subscription_required',
    );
  }
  return account;
}
