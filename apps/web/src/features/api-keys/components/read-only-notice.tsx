import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown instead of the list to read-only members, whom the server does not show keys. */
export function ReadOnlyNotice() {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock size={18} />}
      title="API keys are not available to read-only members"
    >
      Your role in this account is read-only: you can view usage and the dashboard, but API keys
      carry full access to the gateway, so they are shown only to members, admins and owners. Ask an
      account owner or admin if you need a key.
    </Alert>
  );
}
