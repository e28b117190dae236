import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-error.ts';

/**
 * A red notice above a form; renders nothing when there is no message. A `detail` goes on a line
 * of its own inside the notice, so a screen reader announces it with the message (the alert role
 * is the notice's, not its siblings'); the message then sits in an element of its own, so the
 * notice's sentence can still be found by its exact text.
 */
export function FormError({
  message,
  detail,
}: {
  message: string | null | undefined;
  detail?: string | null;
}) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      {detail ? <div>{message}</div> : message}
      {detail ? (
        <Text size="sm" mt={4}>
          {detail}
        </Text>
      ) : null}
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
