import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type ProviderKey } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const PROVIDER_KEYS_QUERY_KEY = ['settings', 'provider-keys'] as const;

export function getProviderKeys(): Promise<ProviderKey[]> {
  return callEndpoint(endpoints.providerKeys.list);
}

export function providerKeysQueryOptions() {
  return queryOptions({ queryKey: PROVIDER_KEYS_QUERY_KEY, queryFn: getProviderKeys });
}

/** Not asked for read-only members, whom the server answers 403. */
export function useProviderKeys(enabled: boolean) {
  return useQuery({ ...providerKeysQueryOptions(), enabled });
}
