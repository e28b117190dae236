import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type SubscriptionStatusResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../lib/api-client.ts';

export function getSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  return callEndpoint(endpoints.auth.subscriptionStatus);
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
