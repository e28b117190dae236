import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One labelled figure, for grids of counts and totals. `hint` says what the figure counts, in the
 * words of docs/metrics.md, so two screens' figures can be told apart.
 */
export function StatTile({
  label,
  value,
  hint,
  children,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  /** More below the figure (the dashboard's change against the previous period). */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} data-testid="stat-value">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
