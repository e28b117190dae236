import { endpoints } from '@tokenwise/contracts';
import { useDeleteById } from '../../../lib/endpoint-mutation.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function useDeleteApiKey() {
  return useDeleteById(endpoints.apiKeys.delete, API_KEYS_QUERY_KEY);
}
