import { SimpleGrid } from '@mantine/core';
import type { RoutingStats } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';
import { efficiencyGain } from '../routing-figures.ts';

/** The headline figures of the last 30 days. */
export function RoutingStatCards({ stats }: { stats: RoutingStats }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} role="group" aria-label="Routing figures">
      <StatTile
        label="Total Requests"
        value={formatNumber(stats.total_requests)}
        hint="Every gateway call, errors included (as on the dashboard's 30d)"
      />
      <StatTile
        label="Routed Requests"
        value={formatNumber(stats.routed_requests)}
        hint="Sent to a cheaper model than requested, or a Mini request to Core for a complex task"
      />
      <StatTile
        label="Routing Rate"
        value={formatPercent(stats.routing_rate)}
        hint="Routed / total requests"
      />
      <StatTile
        label="Efficiency Gain"
        value={formatPercent(efficiencyGain(stats.routing_rate))}
        hint="Routing rate × 0.4"
      />
      <StatTile
        label="Cost Saved"
        value={formatCurrency(stats.cost_saved)}
        hint="By routed requests only, less what Core cost more than Mini"
      />
    </SimpleGrid>
  );
}
