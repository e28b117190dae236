import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type InviteRequest, type InviteResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { TEAM_QUERY_KEY } from './get-team.ts';

export function inviteMember(accountId: string, body: InviteRequest): Promise<InviteResponse> {
  return callEndpoint(endpoints.team.invite, { params: { id: accountId }, body });
}

export function useInviteMember(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => inviteMember(accountId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
