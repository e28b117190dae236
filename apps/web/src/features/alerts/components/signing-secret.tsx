import { IconKey } from '@tabler/icons-react';
import { ShownOnceNotice } from '../../../components/shown-once-notice.tsx';

interface SigningSecretProps {
  alertName: string;
  secret: string;
  onDone: () => void;
}

/**
 * A new alert's webhook signing secret, shown this once (docs/alerts.md). It waits on the screen,
 * not in the form: Create closes the form as the spec has it, and the secret stays until dismissed.
 */
export function SigningSecret({ alertName, secret, onDone }: SigningSecretProps) {
  return (
    <ShownOnceNotice
      color="blue"
      icon={IconKey}
      title={`Webhook signing secret for "${alertName}"`}
      message="Webhooks from this alert are signed with the secret below. Copy it now: it is not shown again (you can rotate it later)."
      value={secret}
      valueTestId="webhook-secret"
      hint="Verify the X-Tokenwise-Signature header: HMAC-SHA256 of the timestamp, a dot and the raw body."
      onDone={onDone}
    />
  );
}
