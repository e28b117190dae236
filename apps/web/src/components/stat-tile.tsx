import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure, for grids of counts and totals. */
export function StatTile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}
