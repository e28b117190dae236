import { type CreateApiKeyRequest, endpoints } from '@tokenwise/contracts';
import { useEndpointMutation } from '../../../lib/endpoint-mutation.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

export function useCreateApiKey() {
  return useEndpointMutation(
    endpoints.apiKeys.create,
    API_KEYS_QUERY_KEY,
    (body: CreateApiKeyRequest) => ({ body }),
  );
}
