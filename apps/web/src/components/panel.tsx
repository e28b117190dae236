import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered block of a screen under its own heading (a chart, a breakdown, an explanation). */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
