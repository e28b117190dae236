import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROVIDER_KEYS_QUERY_KEY } from './get-provider-keys.ts';

export function deleteProviderKey(id: string): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>(`/v1/provider-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProviderKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROVIDER_KEYS_QUERY_KEY }),
  });
}
