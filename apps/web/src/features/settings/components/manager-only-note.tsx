import { Text } from '@mantine/core';

/** Why the controls below are disabled, for members and read-only members. */
export function ManagerOnlyNote({ what }: { what: string }) {
  return (
    <Text size="sm" c="dimmed">
      Only account owners and admins can change {what}.
    </Text>
  );
}
