import { Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

export function EmptyKeys() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap={4}>
        <IconKey size={32} color="var(--mantine-color-dimmed)" />
        <Text fw={600}>No API keys yet</Text>
        <Text c="dimmed" size="sm" ta="center">
          Create a key to send requests through the gateway from your applications.
        </Text>
      </Stack>
    </Paper>
  );
}
