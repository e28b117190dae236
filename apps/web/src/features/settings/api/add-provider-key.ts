import { type CreateProviderKeyRequest, endpoints } from '@tokenwise/contracts';
import { useEndpointMutation } from '../../../lib/endpoint-mutation.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function useAddProviderKey() {
  return useEndpointMutation(
    endpoints.providerKeys.create,
    PROVIDER_KEYS_QUERY_KEY,
    (body: CreateProviderKeyRequest) => ({ body }),
  );
}
