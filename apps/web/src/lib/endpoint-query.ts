import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointInput, JsonEndpoint } from '@tokenwise/contracts';
import { callAnyEndpoint } from './api-client.ts';

/** The query of one endpoint's answer, kept under `queryKey` (which mutations invalidate). */
export function endpointQueryOptions<E extends JsonEndpoint>(
  queryKey: QueryKey,
  endpoint: E,
  input = {} as EndpointInput<E>,
) {
  return queryOptions({ queryKey, queryFn: () => callAnyEndpoint(endpoint, input) });
}

interface EndpointQueryOptions<E extends JsonEndpoint> {
  input?: EndpointInput<E>;
  /** false for roles the server refuses: the answer would only be a 403. */
  enabled?: boolean;
  staleTime?: number;
}

/** `useQuery` of one endpoint's answer. */
export function useEndpointQuery<E extends JsonEndpoint>(
  queryKey: QueryKey,
  endpoint: E,
  { input, ...options }: EndpointQueryOptions<E> = {},
) {
  return useQuery({ ...endpointQueryOptions(queryKey, endpoint, input), ...options });
}
