import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** A green notice, announced politely; renders nothing when there is no message. */
export function SuccessNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
      {message}
    </Alert>
  );
}
