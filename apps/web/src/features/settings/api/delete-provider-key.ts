import { endpoints } from '@tokenwise/contracts';
import { useDeleteById } from '../../../lib/endpoint-mutation.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function useDeleteProviderKey() {
  return useDeleteById(endpoints.providerKeys.delete, PROVIDER_KEYS_QUERY_KEY);
}
