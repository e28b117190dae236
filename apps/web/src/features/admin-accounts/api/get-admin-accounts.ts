import { type AdminAccount, endpoints } from '@tokenwise/contracts';
import { useAdminSearchPages } from '../../../lib/admin-search-pages.ts';

export const ADMIN_ACCOUNTS_QUERY_KEY = ['admin-accounts'] as const;

/** Accounts whose name or a member's email contains `search`. */
export function useAdminAccounts(search: string) {
  return useAdminSearchPages<AdminAccount>(
    ADMIN_ACCOUNTS_QUERY_KEY,
    endpoints.admin.accounts,
    search,
  );
}
