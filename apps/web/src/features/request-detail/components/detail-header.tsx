import { Alert, Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import { PageHeader } from '../../../components/page-header.tsx';

/** The request id, how it ended and whether the cache answered it. */
export function DetailHeader({ request }: { request: RequestDetail }) {
  return (
    <Stack gap="xs">
      <PageHeader title="Request Details" />
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          Request ID
        </Text>
        <Code>{request.id}</Code>
        {request.status === 'success' ? (
          <Badge color="green" variant="light">
            Success
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Error
          </Badge>
        )}
        {request.cache_hit ? (
          <Badge color="teal" variant="filled">
            Cache Hit
          </Badge>
        ) : null}
      </Group>
      {request.status === 'error' && request.error_message ? (
        <Alert color="red" variant="light" title="The request failed">
          {request.error_message}
        </Alert>
      ) : null}
    </Stack>
  );
}
