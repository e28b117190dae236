import { useInfiniteQuery } from '@tanstack/react-query';
import { type Eval, endpoints, TOTAL_COUNT_HEADER } from '@tokenwise/contracts';
import { callEndpointWithHeaders } from '../../../lib/api-client.ts';
import { type OffsetPage, offsetPagesOptions, toOffsetPage } from '../../../lib/offset-pages.ts';

export type EvalFilter = 'all' | 'positive' | 'negative';

/** One page of `GET /v1/evals`; "all" leaves the filter out of the query, as the API expects. */
export async function getEvals(
  filter: EvalFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<OffsetPage<Eval>> {
  const query = { offset, ...(filter === 'all' ? {} : { filter }) };
  const answer = await callEndpointWithHeaders(endpoints.evals.list, { query }, { signal });
  return toOffsetPage(answer, offset, TOTAL_COUNT_HEADER);
}

export const evalListKey = ['evals', 'list'] as const;

export function evalsQueryOptions(filter: EvalFilter) {
  return offsetPagesOptions([...evalListKey, filter], (offset, signal) =>
    getEvals(filter, offset, signal),
  );
}

/** The list a page at a time, with 'Load more' (as the admin lists and the request list). */
export function useEvals(filter: EvalFilter) {
  return useInfiniteQuery(evalsQueryOptions(filter));
}
