import { Divider, Text } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSamlConfig } from '../api/get-saml-config.ts';
import { DEFAULT_SAML_CONFIG } from '../saml-config.ts';
import { ManagerOnlyNote } from './manager-only-note.tsx';
import { SamlForm } from './saml-form.tsx';
import { SamlSpDetails } from './saml-sp-details.tsx';
import { SettingsSection } from './settings-section.tsx';

/**
 * Owners and admins see the IdP settings (spec section 6); only the owner changes them, since
 * the IdP vouches for every member, owners included.
 */
export function SamlSection({ canManage, canChange }: { canManage: boolean; canChange: boolean }) {
  return (
    <SettingsSection
      title="SAML Single Sign-On"
      description="Let members sign in with your identity provider (Okta, Microsoft Entra ID, Google Workspace and others)."
    >
      {canManage ? (
        <SamlSettings canChange={canChange} />
      ) : (
        <ManagerOnlyNote what="single sign-on" />
      )}
    </SettingsSection>
  );
}

function SamlSettings({ canChange }: { canChange: boolean }) {
  const config = useSamlConfig();
  return (
    <>
      {config.isPending ? (
        <PageLoader />
      ) : (
        <>
          {config.isError ? (
            <Text size="sm" c="dimmed">
              The saved SAML configuration could not be loaded, so the form shows the defaults.
            </Text>
          ) : null}
          <SamlForm initial={config.data ?? DEFAULT_SAML_CONFIG} canChange={canChange} />
        </>
      )}
      <Divider />
      <SamlSpDetails />
    </>
  );
}
