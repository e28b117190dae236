import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SuccessResponse } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users.ts';

export function deleteAdminUser(id: string): Promise<SuccessResponse> {
  return callEndpoint(endpoints.admin.deleteUser, { params: { id } });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
