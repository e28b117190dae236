import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function deleteProviderKey(id: string): Promise<SuccessResponse> {
  return callEndpoint(endpoints.providerKeys.delete, { params: { id } });
}

export function useDeleteProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProviderKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDER_KEYS_QUERY_KEY }),
  });
}
