import { IconCircleCheck } from '@tabler/icons-react';
import type { ApiKey } from '@tokenwise/contracts';
import { ShownOnceNotice } from '../../../components/shown-once-notice.tsx';
import { CopyKeyButton } from './copy-key-button.tsx';

/**
 * The key just created, in full with its copy button, on the screen rather than in the create
 * modal, so the list is usable at once.
 */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  return (
    <ShownOnceNotice
      color="green"
      icon={IconCircleCheck}
      message={`The key "${apiKey.name}" is ready. Copy it into your application's configuration.`}
      value={apiKey.key}
      valueTestId="new-api-key"
      copy={<CopyKeyButton value={apiKey.key} />}
      onDone={onDone}
    />
  );
}
