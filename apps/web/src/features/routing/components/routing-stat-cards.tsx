import { SimpleGrid } from '@mantine/core';
import type { RoutingStats } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';
import { efficiencyGain } from '../routing-figures.ts';

/** The headline figures of the last 30 days. */
export function RoutingStatCards({ stats }: { stats: RoutingStats }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} role="group" aria-label="Routing figures">
      <StatTile label="Total Requests" value={formatNumber(stats.total_requests)} />
      <StatTile label="Routed Requests" value={formatNumber(stats.routed_requests)} />
      <StatTile label="Routing Rate" value={formatPercent(stats.routing_rate)} />
      <StatTile label="Efficiency Gain" value={formatPercent(efficiencyGain(stats.routing_rate))} />
      <StatTile label="Cost Saved" value={formatCurrency(stats.cost_saved)} />
    </SimpleGrid>
  );
}
