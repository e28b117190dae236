import { Select } from '@mantine/core';
import type { SessionUser } from '@tokenwise/contracts';
import { useSwitchAccount } from './api/switch-account.ts';

/**
 * The account the dashboard works in (spec section 3: the first of the user's list), shown only
 * to a user in more than one. A switch reloads the app at /dashboard: every screen and cached
 * answer belonged to the account left.
 */
export function AccountSwitcher({ user }: { user: SessionUser }) {
  const switching = useSwitchAccount();
  const active = user.accounts[0];
  if (!active || user.accounts.length < 2) return null;
  return (
    <Select
      aria-label="Active account"
      size="xs"
      w={220}
      allowDeselect={false}
      value={active.id}
      data={user.accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.role})` }))}
      disabled={switching.isPending}
      error={switching.isError ? 'Failed to switch account' : undefined}
      onChange={(id) => {
        if (!id || id === active.id) return;
        switching.mutate(id, { onSuccess: () => window.location.assign('/dashboard') });
      }}
    />
  );
}
