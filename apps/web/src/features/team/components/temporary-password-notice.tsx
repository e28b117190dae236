import { IconKey } from '@tabler/icons-react';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ShownOnceNotice } from '../../../components/shown-once-notice.tsx';

interface TemporaryPasswordNoticeProps {
  email: string;
  password: string;
  onDismiss: () => void;
}

/**
 * The new user's temporary password, shown this once (the server never answers it again). It
 * stays until dismissed, unlike the success message, so there is time to copy it.
 */
export function TemporaryPasswordNotice({
  email,
  password,
  onDismiss,
}: TemporaryPasswordNoticeProps) {
  return (
    <ShownOnceNotice
      color="indigo"
      icon={IconKey}
      title="Temporary password"
      message={`${email} has a new account. Share this password with them safely; it is shown only now, and they must change it when they first sign in. It expires in 7 days.`}
      value={password}
      valueTestId="temporary-password"
      copy={
        <CopyButton
          value={password}
          label="Copy password"
          failedHint="Copy failed: select the password and copy it by hand"
        />
      }
      onDone={onDismiss}
    />
  );
}
