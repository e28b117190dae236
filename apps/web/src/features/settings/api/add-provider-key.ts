import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProviderKeyRequest, ProviderKey } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function addProviderKey(body: CreateProviderKeyRequest): Promise<ProviderKey> {
  return apiRequest<ProviderKey>('/v1/provider-keys', { method: 'POST', body });
}

export function useAddProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProviderKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDER_KEYS_QUERY_KEY }),
  });
}
