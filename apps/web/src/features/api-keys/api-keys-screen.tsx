import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ApiKey } from '@tokenwise/contracts';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useApiKeys } from './api/get-api-keys.ts';
import { ApiKeyList } from './components/api-key-list.tsx';
import { CreateKeyModal } from './components/create-key-modal.tsx';
import { NewKeyNotice } from './components/new-key-notice.tsx';
import { ReadOnlyNotice } from './components/read-only-notice.tsx';
import { SecurityNotice } from './components/security-notice.tsx';
import { canUseApiKeys } from './key-access.ts';

export function ApiKeysScreen() {
  const allowed = canUseApiKeys(activeAccount(getStoredUser())?.role);
  const keys = useApiKeys(allowed);
  const [creating, createModal] = useDisclosure(false);
  const [newKey, setNewKey] = useState<ApiKey | null>(null);
  // The stored role can be stale (changed by an admin since sign-in): the server's 403 decides too.
  const refused = !allowed || (isApiError(keys.error) && keys.error.status === 403);

  return (
    <Stack gap="lg">
      <PageHeader
        title="API Keys"
        description="Your applications send these keys as a bearer token to call the gateway."
        actions={
          refused ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
              New API Key
            </Button>
          )
        }
      />
      {newKey ? <NewKeyNotice apiKey={newKey} onDone={() => setNewKey(null)} /> : null}
      <SecurityNotice />
      {refused ? <ReadOnlyNotice /> : <ApiKeyList keys={keys} />}
      <CreateKeyModal opened={creating} onClose={createModal.close} onCreated={setNewKey} />
    </Stack>
  );
}
