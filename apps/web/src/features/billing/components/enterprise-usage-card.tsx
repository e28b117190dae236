import { Group, Text } from '@mantine/core';
import { formatCurrency } from '../../../lib/format.ts';
import { UsageCardFrame, type UsageCardProps } from './usage-card-frame.tsx';
import { UsageStats } from './usage-stats.tsx';

export function EnterpriseUsageCard({ usage, subscription }: UsageCardProps) {
  return (
    <UsageCardFrame usage={usage}>
      <UsageStats usage={usage} />
      <Group justify="space-between" align="baseline">
        <Text fw={600}>Estimated bill</Text>
        <Text fz={28} fw={800}>
          {formatCurrency(usage.estimated_bill ?? 0)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {subscription.savings_percentage}% of the {formatCurrency(usage.total_cost_saved)} saved so
        far this period.
      </Text>
    </UsageCardFrame>
  );
}
