import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** Not asked at all for roles the server refuses (read-only): the answer would only be a 403. */
export function useApiKeys(enabled: boolean) {
  return useEndpointQuery(API_KEYS_QUERY_KEY, endpoints.apiKeys.list, { enabled });
}
