import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * Stands in for a screen whose feature is not built yet, so its route, layout and guard can
 * already be used and tested.
 */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </Stack>
  );
}
