import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateProviderKeyRequest, endpoints, type ProviderKey } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function addProviderKey(body: CreateProviderKeyRequest): Promise<ProviderKey> {
  return callEndpoint(endpoints.providerKeys.create, { body });
}

export function useAddProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProviderKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDER_KEYS_QUERY_KEY }),
  });
}
