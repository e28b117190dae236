import { Divider, Text } from '@mantine/core';
import type { ProviderKey } from '@tokenwise/contracts';
import { MutationError } from '../../../components/form-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useDeleteProviderKey } from '../api/delete-provider-key.ts';
import { useProviderKeys } from '../api/get-provider-keys.ts';
import { providerName } from '../provider-names.ts';
import { AddProviderKeyForm } from './add-provider-key-form.tsx';
import { ManagerOnlyNote } from './manager-only-note.tsx';
import { ProviderKeyTable } from './provider-key-table.tsx';
import { SettingsSection } from './settings-section.tsx';

interface ProviderKeysSectionProps {
  canManage: boolean;
  canSee: boolean;
}

export function ProviderKeysSection({ canManage, canSee }: ProviderKeysSectionProps) {
  const keys = useProviderKeys(canSee);
  const remove = useDeleteProviderKey();
  const flash = useFlashMessage();
  const refused = !canSee || (isApiError(keys.error) && keys.error.status === 403);

  function confirmDelete(key: ProviderKey) {
    const name = `${providerName(key.provider)} key${key.label ? ` "${key.label}"` : ''}`;
    const question = `Delete the ${name}? Requests to ${providerName(key.provider)} will use the system fallback key, if there is one.`;
    if (!window.confirm(question)) return;
    remove.mutate(key.id, { onSuccess: () => flash.show('Provider key deleted') });
  }

  return (
    <SettingsSection
      title="Provider API Keys"
      // Not 'Provider API Keys': getByLabel('API Key') would find the region besides the field.
      regionLabel="Provider keys"
      description="Your own keys for the model providers. Keys are encrypted with AES-256-GCM before they are stored and are never shown again. For each provider the gateway uses your stored key in preference to the system fallback key."
    >
      <SuccessNotice message={flash.message} />
      <MutationError mutation={remove} fallback="Failed to delete provider key" />
      {canManage ? (
        <AddProviderKeyForm onAdded={() => flash.show('Provider key added')} />
      ) : (
        <ManagerOnlyNote what="provider keys" />
      )}
      <Divider />
      {refused ? (
        <Text size="sm" c="dimmed">
          Stored provider keys are listed for members, admins and owners.
        </Text>
      ) : keys.isPending ? (
        <PageLoader />
      ) : keys.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No provider keys yet. Until you add one, requests use the system fallback keys, if this
          server has any.
        </Text>
      ) : keys.data ? (
        <ProviderKeyTable
          keys={keys.data}
          onDelete={canManage ? confirmDelete : null}
          deletingId={remove.isPending ? remove.variables : null}
        />
      ) : (
        // Spec section 8 only logs this; an empty section read as "no keys" (decision 016).
        <LoadError load={keys} fallback="Failed to load provider keys" />
      )}
    </SettingsSection>
  );
}
