import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { canManage } from '../../lib/roles.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { AccountSettingsSection } from './components/account-settings-section.tsx';
import { NotificationsSection } from './components/notifications-section.tsx';
import { PiiRedactionSection } from './components/pii-redaction-section.tsx';
import { ProviderKeysSection } from './components/provider-keys-section.tsx';
import { SamlSection } from './components/saml-section.tsx';
import { canChangeSso, canSeeProviderKeys } from './settings-access.ts';

export function SettingsScreen() {
  const role = activeAccount(getStoredUser())?.role;
  const manager = canManage(role);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Settings"
        description="Provider keys, data protection and sign-in for this account."
      />
      <ProviderKeysSection canManage={manager} canSee={canSeeProviderKeys(role)} />
      <PiiRedactionSection canManage={manager} />
      <SamlSection canManage={manager} canChange={canChangeSso(role)} />
      <AccountSettingsSection />
      <NotificationsSection />
    </Stack>
  );
}
