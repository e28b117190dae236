import { IconLock } from '@tabler/icons-react';
import { Notice } from '../../../components/notice.tsx';

/** Shown instead of the list to read-only members, whom the server does not show keys. */
export function ReadOnlyNotice() {
  return (
    <Notice color="gray" icon={IconLock} title="API keys are not available to read-only members">
      Your role in this account is read-only: you can view usage and the dashboard, but API keys
      carry full access to the gateway, so they are shown only to members, admins and owners. Ask an
      account owner or admin if you need a key.
    </Notice>
  );
}
