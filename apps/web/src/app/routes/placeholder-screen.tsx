import { Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';

/**
 * Stands in for a screen whose feature is not built yet, so its route, layout and guard can
 * already be used and tested.
 */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </Stack>
  );
}
