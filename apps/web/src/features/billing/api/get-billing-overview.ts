import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingOverview, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

/**
 * The account's plan, then this period's usage, through the calls spec section 7 names. Both answer
 * `null` for an account that never had a plan, so a new account's screen makes no failed request;
 * usage is not asked then.
 */
export async function getBillingOverview(accountId: string): Promise<BillingOverview> {
  const params = { accountId };
  const subscription = await callEndpoint(endpoints.billing.subscription, { params });
  if (!subscription) return { subscription: null, usage: null };
  return { subscription, usage: await callEndpoint(endpoints.billing.usage, { params }) };
}

export function billingOverviewQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['billing', 'overview', accountId],
    queryFn: () => getBillingOverview(accountId),
  });
}

export function useBillingOverview(accountId: string) {
  return useQuery(billingOverviewQueryOptions(accountId));
}
