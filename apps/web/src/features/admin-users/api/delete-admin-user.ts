import { endpoints } from '@tokenwise/contracts';
import { useDeleteById } from '../../../lib/endpoint-mutation.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users.ts';

export function useDeleteAdminUser() {
  return useDeleteById(endpoints.admin.deleteUser, ADMIN_USERS_QUERY_KEY);
}
