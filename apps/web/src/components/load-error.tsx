import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-error.ts';

/** The part of a query (plain or paged) a failed load needs: what went wrong and a way to retry. */
export interface RetryableLoad {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface LoadErrorProps {
  load: RetryableLoad;
  /** The screen's text when the server gave no message ('Failed to load alerts'). */
  fallback: string;
  /** What Retry does, when it is not loading the whole query again (a paged list's next page). */
  onRetry?: () => void;
}

/**
 * A list or screen whose data did not come: it says so and offers Retry, instead of an empty
 * screen that looks like there is nothing to show (decision 016).
 */
export function LoadError({ load, fallback, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{errorMessage(load.error, fallback)}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={load.isFetching}
          onClick={onRetry ?? (() => void load.refetch())}
        >
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
