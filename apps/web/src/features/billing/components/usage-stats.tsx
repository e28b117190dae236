import { SimpleGrid } from '@mantine/core';
import type { Usage } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';
import { savingsPercent } from '../billing-usage.ts';

/** The period's request counts and savings, shared by the paid and enterprise views. */
export function UsageStats({ usage }: { usage: Usage }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
      <StatTile label="Total requests" value={formatNumber(usage.total_requests)} />
      <StatTile label="Optimized requests" value={formatNumber(usage.optimized_requests)} />
      <StatTile label="Passthrough requests" value={formatNumber(usage.passthrough_requests)} />
      <StatTile label="Savings" value={formatPercent(savingsPercent(usage))} />
      <StatTile label="Total cost saved" value={formatCurrency(usage.total_cost_saved)} />
    </SimpleGrid>
  );
}
