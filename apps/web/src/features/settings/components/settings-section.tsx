import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  /** The region's accessible name, when the title would also answer to a field's label. */
  regionLabel?: string;
  description: ReactNode;
  children: ReactNode;
}

/** One titled card of the settings screen; the title is a heading, so tests and readers find it. */
export function SettingsSection({
  title,
  regionLabel = title,
  description,
  children,
}: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={regionLabel}>
      <Stack gap="md">
        <div>
          <Title order={3}>{title}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
