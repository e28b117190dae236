import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderKey } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROVIDER_KEYS_QUERY_KEY = ['settings', 'provider-keys'] as const;

export function getProviderKeys(): Promise<ProviderKey[]> {
  return apiRequest<ProviderKey[]>('/v1/provider-keys');
}

export function providerKeysQueryOptions() {
  return queryOptions({ queryKey: PROVIDER_KEYS_QUERY_KEY, queryFn: getProviderKeys });
}

/** Not asked for read-only members, whom the server answers 403. */
export function useProviderKeys(enabled: boolean) {
  return useQuery({ ...providerKeysQueryOptions(), enabled });
}
