import { Group, Text, Title } from '@mantine/core';
import type { Usage } from '@tokenwise/contracts';
import { formatDate } from '../../../lib/format.ts';

export function UsagePeriod({ usage }: { usage: Usage }) {
  return (
    <Group justify="space-between" align="baseline">
      <Title order={3}>Usage This Period</Title>
      <Text c="dimmed" size="sm">
        {formatDate(usage.period_start)} – {formatDate(usage.period_end)}
      </Text>
    </Group>
  );
}
