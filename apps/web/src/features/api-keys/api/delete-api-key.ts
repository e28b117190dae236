import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function deleteApiKey(id: string): Promise<SuccessResponse> {
  return callEndpoint(endpoints.apiKeys.delete, { params: { id } });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
