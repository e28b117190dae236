import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';

/**
 * No live subscription: 402. Past the plan's monthly optimized-token quota: the request still
 * goes through, unoptimized, and counts as passthrough.
 */
export async function checkQuota(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  if (!ctx.apiKey) throw new Error('checkQuota runs after authenticate');
  const account = await services.accounts.get(ctx.apiKey.accountId);
  ctx.account = account;
  if (!account.active) {
    throw new GatewayError(
      402,
      'This Tokenwise account has no active subscription. Start the free trial on the Billing page.',
      'insufficient_quota',
      'subscription_required',
    );
  }
  ctx.passthrough = account.quota > 0 && account.optimizedTokensUsed >= account.quota;
}
