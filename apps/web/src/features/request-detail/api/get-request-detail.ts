import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints, type RequestDetail } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export function getRequestDetail(requestId: string): Promise<RequestDetail> {
  return callEndpoint(endpoints.analytics.request, { params: { id: requestId } });
}

export function requestDetailQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: ['analytics', 'request', requestId],
    queryFn: () => getRequestDetail(requestId),
    // A logged request never changes, so one load per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRequestDetail(requestId: string) {
  return useQuery(requestDetailQueryOptions(requestId));
}
