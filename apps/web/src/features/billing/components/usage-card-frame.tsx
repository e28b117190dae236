import { Card, Stack } from '@mantine/core';
import type { Subscription, Usage } from '@tokenwise/contracts';
import type { ReactNode } from 'react';
import { UsagePeriod } from './usage-period.tsx';

export interface UsageCardProps {
  usage: Usage;
  subscription: Subscription;
}

/** The period's usage card of a paying plan: the period on top, then what the plan shows. */
export function UsageCardFrame({ usage, children }: { usage: Usage; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="lg">
        <UsagePeriod usage={usage} />
        {children}
      </Stack>
    </Card>
  );
}
