import { endpoints } from '@tokenwise/contracts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

export function useRequestDetail(requestId: string) {
  return useEndpointQuery(['analytics', 'request', requestId], endpoints.analytics.request, {
    input: { params: { id: requestId } },
    // A logged request never changes, so one load per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
