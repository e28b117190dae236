import { activeAccount, getAuthToken, readStoredUser } from '../../lib/session.ts';

export type BillingAccount = { accountId: string } | { error: string };

/** Billing is per account: the active (first) account of the stored user. */
export function resolveBillingAccount(): BillingAccount {
  if (!getAuthToken()) return { error: 'Not authenticated' };
  const stored = readStoredUser();
  if (stored.status !== 'ok') return { error: 'Invalid user data' };
  const account = activeAccount(stored.user);
  return account ? { accountId: account.id } : { error: 'No account found' };
}
