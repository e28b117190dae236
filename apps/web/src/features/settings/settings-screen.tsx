import { Stack, Text, Title } from '@mantine/core';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { AccountSettingsSection } from './components/account-settings-section.tsx';
import { NotificationsSection } from './components/notifications-section.tsx';
import { PiiRedactionSection } from './components/pii-redaction-section.tsx';
import { ProviderKeysSection } from './components/provider-keys-section.tsx';
import { SamlSection } from './components/saml-section.tsx';
import { canManageAccountSettings, canSeeProviderKeys } from './settings-access.ts';

export function SettingsScreen() {
  const role = activeAccount(getStoredUser())?.role;
  const canManage = canManageAccountSettings(role);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Settings</Title>
        <Text c="dimmed" mt={4}>
          Provider keys, data protection and sign-in for this account.
        </Text>
      </div>
      <ProviderKeysSection canManage={canManage} canSee={canSeeProviderKeys(role)} />
      <PiiRedactionSection canManage={canManage} />
      <SamlSection canManage={canManage} />
      <AccountSettingsSection />
      <NotificationsSection />
    </Stack>
  );
}
