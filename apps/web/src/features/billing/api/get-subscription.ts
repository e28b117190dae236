import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** The account's subscription, or null when it never had one (the server answers 404). */
export async function getSubscription(accountId: string): Promise<Subscription | null> {
  try {
    return await apiRequest<Subscription>(
      `/v1/admin/subscriptions/user/${encodeURIComponent(accountId)}`,
    );
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
