import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A red notice above a form; renders nothing when there is no message. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      {message}
    </Alert>
  );
}
