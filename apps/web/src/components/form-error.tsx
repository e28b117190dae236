import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-error.ts';

/** A red notice above a form; renders nothing when there is no message. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      {message}
    </Alert>
  );
}

/** A failed mutation's notice: the server's message when it sent one, else `fallback`. */
export function MutationError({
  mutation,
  fallback,
}: {
  mutation: { isError: boolean; error: unknown };
  fallback: string;
}) {
  return <FormError message={mutation.isError ? errorMessage(mutation.error, fallback) : null} />;
}
