import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKey, type CreateApiKeyRequest, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function createApiKey(body: CreateApiKeyRequest): Promise<ApiKey> {
  return callEndpoint(endpoints.apiKeys.create, { body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
