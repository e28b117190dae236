import { Anchor, SimpleGrid, TextInput } from '@mantine/core';
import type { Role } from '@tokenwise/contracts';
import { Link } from 'react-router';
import { activeAccount, getStoredUser } from '../../../lib/session.ts';
import { SettingsSection } from './settings-section.tsx';

const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  read_only: 'Read-only',
};

/**
 * The spec's static 'Account Settings' section: who is signed in and in which account; nothing
 * here saves. Titled 'Account' so the screen has one heading containing 'Settings'.
 */
export function AccountSettingsSection() {
  const user = getStoredUser();
  const account = activeAccount(user);
  return (
    <SettingsSection
      title="Account"
      description="Your account settings: who you are signed in as and the account you are working in."
    >
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput label="Email" value={user?.email ?? ''} readOnly />
        <TextInput label="Account" value={account?.name ?? ''} readOnly />
        <TextInput label="Your role" value={account ? ROLE_NAMES[account.role] : ''} readOnly />
      </SimpleGrid>
      {account?.role === 'read_only' ? null : (
        <Anchor component={Link} to="/change-password" size="sm">
          Change password
        </Anchor>
      )}
    </SettingsSection>
  );
}
