import { z } from 'zod';
import { IdParams, SuccessResponse } from '../common.ts';
import { jsonEndpoint } from '../endpoint.ts';
import { ApiKey, CreateApiKeyRequest, CreateProviderKeyRequest, ProviderKey } from '../keys.ts';

/** Gateway API keys; refused to read-only members (the list carries full keys). */
export const apiKeyEndpoints = {
  list: jsonEndpoint({ method: 'GET', path: '/v1/keys', response: z.array(ApiKey) }),
  create: jsonEndpoint({
    method: 'POST',
    path: '/v1/keys',
    body: CreateApiKeyRequest,
    response: ApiKey,
    status: 201,
  }),
  delete: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/keys/:id',
    params: IdParams,
    response: SuccessResponse,
  }),
};

/** The account's own provider keys; owners and admins change them. */
export const providerKeyEndpoints = {
  list: jsonEndpoint({ method: 'GET', path: '/v1/provider-keys', response: z.array(ProviderKey) }),
  create: jsonEndpoint({
    method: 'POST',
    path: '/v1/provider-keys',
    body: CreateProviderKeyRequest,
    response: ProviderKey,
    status: 201,
  }),
  delete: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/provider-keys/:id',
    params: IdParams,
    response: SuccessResponse,
  }),
};
