import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingOverview, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

/**
 * The active account's plan and this period's usage in one call; `null`s when it has no plan, so
 * an account without a subscription makes no request that answers 404.
 */
export function getBillingOverview(): Promise<BillingOverview> {
  return callEndpoint(endpoints.billing.overview);
}

export function billingOverviewQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['billing', 'overview', accountId],
    queryFn: getBillingOverview,
  });
}

export function useBillingOverview(accountId: string) {
  return useQuery(billingOverviewQueryOptions(accountId));
}
