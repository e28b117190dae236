import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone: it scrolls sideways inside its box, and below `sm` a line says so,
 * since a cut-off column gives no other sign that there is more.
 */
export function WideTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" hiddenFrom="sm" mb={4}>
        Scroll sideways to see every column.
      </Text>
      <Table.ScrollContainer minWidth={minWidth}>{children}</Table.ScrollContainer>
    </div>
  );
}
