import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyRequest } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function createApiKey(body: CreateApiKeyRequest): Promise<ApiKey> {
  return apiRequest<ApiKey>('/v1/keys', { method: 'POST', body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
