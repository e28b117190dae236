import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Role, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { TEAM_QUERY_KEY } from './get-team.ts';

export interface RoleChange {
  userId: string;
  role: Role;
}

export function changeMemberRole(
  accountId: string,
  { userId, role }: RoleChange,
): Promise<SuccessResponse> {
  return callEndpoint(endpoints.team.changeRole, {
    params: { id: accountId, userId },
    body: { role },
  });
}

export function useChangeMemberRole(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => changeMemberRole(accountId, change),
    // Refetched on failure too: the row shows what the server holds, not the refused choice.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
