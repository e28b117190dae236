import { Button, Group, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { MAX_IDP_CERTIFICATES, type SamlConfig } from '@tokenwise/contracts';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import { useDraft } from '../../../components/use-draft.ts';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { useSaveSamlConfig } from '../api/save-saml-config.ts';
import { samlConfigProblem, samlSaveErrorMessage, samlSaveFailure } from '../saml-config.ts';

interface SamlFormProps {
  initial: SamlConfig;
  /** The owner's; admins see the settings disabled. */
  canChange: boolean;
}

export function SamlForm({ initial, canChange }: SamlFormProps) {
  const save = useSaveSamlConfig();
  const flash = useFlashMessage();
  const { draft, change: update } = useDraft(initial);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flash.hide();
    const trimmed = {
      enabled: draft.enabled,
      idp_entity_id: draft.idp_entity_id.trim(),
      idp_sso_url: draft.idp_sso_url.trim(),
      idp_x509_cert: draft.idp_x509_cert.trim(),
    };
    const found = samlConfigProblem(trimmed);
    setProblem(found);
    if (found) return;
    save.mutate(trimmed, { onSuccess: () => flash.show('SAML configuration saved') });
  }

  return (
    <form onSubmit={submit} aria-label="SAML configuration">
      <SuccessNotice message={flash.message} />
      <FormError
        message={
          problem
            ? samlSaveFailure(problem)
            : save.isError
              ? samlSaveErrorMessage(save.error)
              : null
        }
      />
      <Switch
        mt="sm"
        label="Enable SAML SSO"
        description="Members sign in through your identity provider."
        checked={draft.enabled}
        disabled={!canChange}
        onChange={(e) => update({ enabled: e.currentTarget.checked })}
      />
      <TextInput
        mt="sm"
        label="IdP Entity ID"
        placeholder="https://idp.example.com/metadata"
        disabled={!canChange}
        value={draft.idp_entity_id}
        onChange={(e) => update({ idp_entity_id: e.currentTarget.value })}
      />
      <TextInput
        mt="sm"
        type="url"
        label="IdP SSO URL"
        placeholder="https://idp.example.com/sso/saml"
        disabled={!canChange}
        value={draft.idp_sso_url}
        onChange={(e) => update({ idp_sso_url: e.currentTarget.value })}
      />
      <Textarea
        mt="sm"
        label="IdP X.509 Certificate"
        description={`PEM or base64. While the IdP rotates its signing certificate, paste the current and the next one after another (up to ${MAX_IDP_CERTIFICATES}).`}
        placeholder="-----BEGIN CERTIFICATE-----"
        autosize
        minRows={4}
        maxRows={10}
        disabled={!canChange}
        value={draft.idp_x509_cert}
        onChange={(e) => update({ idp_x509_cert: e.currentTarget.value })}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group mt="md">
        {canChange ? (
          <Button type="submit" loading={save.isPending}>
            Save SAML Configuration
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Only the account owner can change single sign-on: the identity provider vouches for
            every member, owners included.
          </Text>
        )}
      </Group>
    </form>
  );
}
