import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type Subscription } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** The account's subscription, or null when it never had one (the server answers 404). */
export async function getSubscription(accountId: string): Promise<Subscription | null> {
  try {
    return await callEndpoint(endpoints.billing.subscription, { params: { accountId } });
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}

export function subscriptionQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['billing', 'subscription', accountId],
    queryFn: () => getSubscription(accountId),
  });
}

export function useSubscription(accountId: string) {
  return useQuery(subscriptionQueryOptions(accountId));
}
