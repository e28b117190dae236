import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type Usage } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** This billing period's usage, or null when the account has no subscription (404). */
export async function getUsage(accountId: string): Promise<Usage | null> {
  try {
    return await callEndpoint(endpoints.billing.usage, { params: { accountId } });
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}

export function usageQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['billing', 'usage', accountId],
    queryFn: () => getUsage(accountId),
  });
}

/** Only asked once a subscription is known to exist; without one there is no period. */
export function useUsage(accountId: string, enabled: boolean) {
  return useQuery({ ...usageQueryOptions(accountId), enabled });
}
