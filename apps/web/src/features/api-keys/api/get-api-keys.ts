import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiKey, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

export function getApiKeys(): Promise<ApiKey[]> {
  return callEndpoint(endpoints.apiKeys.list);
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: getApiKeys });
}

/** Not asked at all for roles the server refuses (read-only): the answer would only be a 403. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
