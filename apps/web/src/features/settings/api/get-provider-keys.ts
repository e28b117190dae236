import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export const PROVIDER_KEYS_QUERY_KEY = ['settings', 'provider-keys'] as const;

/** Not asked for read-only members, whom the server answers 403. */
export function useProviderKeys(enabled: boolean) {
  return useEndpointQuery(PROVIDER_KEYS_QUERY_KEY, endpoints.providerKeys.list, { enabled });
}
