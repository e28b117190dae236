import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format.ts';
import {
  formatQuotaPercent,
  shownQuotaPercent,
  usageBarColor,
  usageBarWidth,
} from '../usage-bar.ts';

interface UsageBarProps {
  tokensUsed: number;
  quota: number;
  percent: number | null;
}

/** Tokens used against the monthly quota: green, yellow above 75%, red above 90%. */
export function UsageBar({ tokensUsed, quota, percent }: UsageBarProps) {
  const shown = shownQuotaPercent(percent) ?? 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {quota > 0
            ? `${formatNumber(tokensUsed)} / ${formatNumber(quota)} tokens`
            : `${formatNumber(tokensUsed)} tokens`}
        </Text>
        <Text size="sm" fw={600}>
          {formatQuotaPercent(percent)}
        </Text>
      </Group>
      <Progress
        value={usageBarWidth(shown)}
        color={usageBarColor(shown)}
        size="md"
        aria-label="Quota used"
        data-color={usageBarColor(shown)}
      />
    </Stack>
  );
}
