import { type AdminUser, endpoints } from '@tokenwise/contracts';
import { useAdminSearchPages } from '../../../lib/admin-search-pages.ts';

export const ADMIN_USERS_QUERY_KEY = ['admin-users'] as const;

/** Users whose email contains `search`. */
export function useAdminUsers(search: string) {
  return useAdminSearchPages<AdminUser>(ADMIN_USERS_QUERY_KEY, endpoints.admin.users, search);
}
