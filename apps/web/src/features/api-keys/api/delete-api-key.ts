import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function deleteApiKey(id: string): Promise<SuccessResponse> {
  return apiRequest<SuccessResponse>(`/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
