import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { TEAM_QUERY_KEY } from './get-team.ts';

export function removeMember(accountId: string, userId: string): Promise<SuccessResponse> {
  return callEndpoint(endpoints.team.remove, { params: { id: accountId, userId } });
}

export function useRemoveMember(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(accountId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}
