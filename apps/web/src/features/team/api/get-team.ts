import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AccountWithMembers, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';

export const TEAM_QUERY_KEY = ['team'] as const;

export function getTeam(accountId: string, signal?: AbortSignal): Promise<AccountWithMembers> {
  return callEndpoint(endpoints.team.get, { params: { id: accountId } }, { signal });
}

export function teamQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...TEAM_QUERY_KEY, accountId],
    queryFn: ({ signal }) => getTeam(accountId, signal),
  });
}

/** The active account's members; not asked without an account (a user removed from all). */
export function useTeam(accountId: string | undefined) {
  return useQuery({ ...teamQueryOptions(accountId ?? ''), enabled: accountId !== undefined });
}
