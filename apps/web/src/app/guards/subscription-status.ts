import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type SubscriptionStatusResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../lib/api-client.ts';
import { refreshStoredUser } from '../../lib/session.ts';

/** Also refreshes the stored user, so the screens follow role changes and removals. */
export async function getSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  const status = await callEndpoint(endpoints.auth.subscriptionStatus);
  if (status.user) refreshStoredUser(status.user);
  return status;
}

/**
 * Keyed by path so each navigation asks again (a lapsed subscription or a revoked session is
 * noticed on the next click), while the previous answer stays on screen during the re-check.
 */
export function subscriptionStatusQueryOptions(pathname: string) {
  return queryOptions({
    queryKey: ['subscription-status', pathname],
    queryFn: getSubscriptionStatus,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptionStatus(pathname: string, enabled: boolean) {
  return useQuery({ ...subscriptionStatusQueryOptions(pathname), enabled });
}
