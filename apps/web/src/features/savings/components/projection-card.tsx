import { SimpleGrid, Text } from '@mantine/core';
import type { Savings } from '@tokenwise/contracts';
import { Panel } from '../../../components/panel.tsx';
import { formatCurrency } from '../../../lib/format.ts';

function Figure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} c={strong ? 'teal' : undefined}>
        {formatCurrency(value)}
      </Text>
    </div>
  );
}

/** The period's daily averages carried over the next 30 days. */
export function ProjectionCard({ projection }: { projection: Savings['projection'] }) {
  return (
    <Panel title="30-Day Projection">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure label="Daily average cost" value={projection.daily_avg_cost} />
        <Figure label="Daily average savings" value={projection.daily_avg_savings} />
        <Figure
          label="Monthly cost without optimization"
          value={projection.monthly_baseline_cost}
        />
        <Figure label="Monthly projected cost" value={projection.monthly_projected_cost} />
        <Figure
          label="Monthly projected savings"
          value={projection.monthly_projected_savings}
          strong
        />
      </SimpleGrid>
    </Panel>
  );
}
