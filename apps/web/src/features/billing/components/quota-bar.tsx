import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { QuotaLevel, QuotaUsage } from '../billing-usage.ts';

const BAR_COLORS: Record<QuotaLevel, string> = {
  normal: 'indigo',
  warning: 'yellow',
  exceeded: 'red',
};

/** Optimized tokens against the monthly quota, warning before requests start passing through. */
export function QuotaBar({ quota }: { quota: QuotaUsage }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600}>Optimized tokens used (monthly quota)</Text>
        <Text size="sm">
          {formatNumber(quota.used)} / {formatNumber(quota.quota)} ({formatPercent(quota.percent)})
        </Text>
      </Group>
      <Progress
        value={Math.min(quota.percent, 100)}
        color={BAR_COLORS[quota.level]}
        size="lg"
        aria-label="Monthly token quota used"
      />
      <Text size="xs" c="dimmed">
        Prompt tokens sent to providers after optimization. Not the same figure as tokens saved.
      </Text>
      {quota.level === 'warning' ? (
        <Text size="sm" c="yellow.8">
          You have used {formatPercent(quota.percent)} of this month's quota. Once it is reached,
          requests pass through unoptimized.
        </Text>
      ) : null}
      {quota.level === 'exceeded' ? (
        <Text size="sm" c="red" fw={600}>
          Monthly quota exceeded: requests are in passthrough mode and are sent unoptimized until
          the next billing period.
        </Text>
      ) : null}
    </Stack>
  );
}
