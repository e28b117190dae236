import { Card, Stack } from '@mantine/core';
import type { Subscription, Usage } from '@tokenwise/contracts';
import { quotaUsage } from '../billing-usage.ts';
import { QuotaBar } from './quota-bar.tsx';
import { UsagePeriod } from './usage-period.tsx';
import { UsageStats } from './usage-stats.tsx';

export function PaidUsageCard({
  usage,
  subscription,
}: {
  usage: Usage;
  subscription: Subscription;
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="lg">
        <UsagePeriod usage={usage} />
        <QuotaBar quota={quotaUsage(usage, subscription)} />
        <UsageStats usage={usage} />
      </Stack>
    </Card>
  );
}
