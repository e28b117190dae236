import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_TOTAL_HEADER, type AdminAccount, endpoints } from '@tokenwise/contracts';
import { callEndpointWithHeaders } from '../../../lib/api-client.ts';
import { type OffsetPage, offsetPagesOptions, toOffsetPage } from '../../../lib/offset-pages.ts';

export const ADMIN_ACCOUNTS_QUERY_KEY = ['admin-accounts'] as const;

/** One page of accounts whose name or a member's email contains `search`. */
export async function getAdminAccounts(
  search: string,
  offset: number,
  signal?: AbortSignal,
): Promise<OffsetPage<AdminAccount>> {
  const query = { offset, ...(search ? { search } : {}) };
  const answer = await callEndpointWithHeaders(endpoints.admin.accounts, { query }, { signal });
  return toOffsetPage(answer, offset, ADMIN_TOTAL_HEADER);
}

export function adminAccountsQueryOptions(search: string) {
  return offsetPagesOptions([...ADMIN_ACCOUNTS_QUERY_KEY, search], (offset, signal) =>
    getAdminAccounts(search, offset, signal),
  );
}

/** The list keeps showing the previous search's cards while the next search runs. */
export function useAdminAccounts(search: string) {
  return useInfiniteQuery({
    ...adminAccountsQueryOptions(search),
    placeholderData: keepPreviousData,
  });
}
