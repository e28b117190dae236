import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Eval, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export type EvalFilter = 'all' | 'positive' | 'negative';

/** `GET /v1/evals`; "all" leaves the filter out of the query, as the API expects. */
export function getEvals(filter: EvalFilter): Promise<Eval[]> {
  return callEndpoint(endpoints.evals.list, { query: filter === 'all' ? {} : { filter } });
}

export const evalListKey = ['evals', 'list'] as const;

export function evalsQueryOptions(filter: EvalFilter) {
  return queryOptions({
    queryKey: [...evalListKey, filter],
    queryFn: () => getEvals(filter),
  });
}

export function useEvals(filter: EvalFilter) {
  return useQuery(evalsQueryOptions(filter));
}
