import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_TOTAL_HEADER, type endpoints } from '@tokenwise/contracts';
import { type ApiAnswer, callEndpointWithHeaders } from './api-client.ts';
import { offsetPagesOptions, toOffsetPage } from './offset-pages.ts';

/** The platform console's searchable lists (`?offset=&search=`, the total in a header). */
type AdminListEndpoint = (typeof endpoints.admin)['users' | 'accounts'];

/**
 * The pages of an admin list matching `search` (every row without one), loaded with 'Load more'.
 * The list keeps showing the previous search's rows while the next search runs.
 */
export function useAdminSearchPages<Item>(
  queryKey: QueryKey,
  endpoint: AdminListEndpoint,
  search: string,
) {
  return useInfiniteQuery({
    ...offsetPagesOptions([...queryKey, search], async (offset, signal) => {
      const query = { offset, ...(search ? { search } : {}) };
      const answer = await callEndpointWithHeaders(endpoint, { query }, { signal });
      return toOffsetPage(answer as ApiAnswer<Item[]>, offset, ADMIN_TOTAL_HEADER);
    }),
    placeholderData: keepPreviousData,
  });
}
