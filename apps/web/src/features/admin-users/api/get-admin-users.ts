import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_TOTAL_HEADER, type AdminUser, endpoints } from '@tokenwise/contracts';
import { callEndpointWithHeaders } from '../../../lib/api-client.ts';
import { type OffsetPage, offsetPagesOptions, toOffsetPage } from '../../../lib/offset-pages.ts';

export const ADMIN_USERS_QUERY_KEY = ['admin-users'] as const;

/** One page of users whose email contains `search` (every user without one). */
export async function getAdminUsers(
  search: string,
  offset: number,
  signal?: AbortSignal,
): Promise<OffsetPage<AdminUser>> {
  const query = { offset, ...(search ? { search } : {}) };
  const answer = await callEndpointWithHeaders(endpoints.admin.users, { query }, { signal });
  return toOffsetPage(answer, offset, ADMIN_TOTAL_HEADER);
}

export function adminUsersQueryOptions(search: string) {
  return offsetPagesOptions([...ADMIN_USERS_QUERY_KEY, search], (offset, signal) =>
    getAdminUsers(search, offset, signal),
  );
}

/** The list keeps showing the previous search's rows while the next search runs. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({ ...adminUsersQueryOptions(search), placeholderData: keepPreviousData });
}
