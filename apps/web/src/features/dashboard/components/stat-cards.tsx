import { SimpleGrid } from '@mantine/core';
import type { AnalyticsResponse } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';
import { ChangeIndicator } from './change-indicator.tsx';

interface StatCardProps {
  label: string;
  value: string;
  /** What the figure counts (docs/metrics.md). */
  hint: string;
  change: number | null | undefined;
  lowerIsBetter?: boolean;
}

function StatCard({ change, lowerIsBetter, ...figure }: StatCardProps) {
  return (
    <StatTile {...figure}>
      <ChangeIndicator change={change} lowerIsBetter={lowerIsBetter} />
    </StatTile>
  );
}

/** The period's four headline figures, each against the previous period of the same length. */
export function StatCards({ stats, comparison }: Pick<AnalyticsResponse, 'stats' | 'comparison'>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard
        label="Total Requests"
        value={formatNumber(stats.total_requests)}
        hint="Every gateway call, errors included"
        change={comparison?.total_requests_change}
      />
      <StatCard
        label="Tokens Saved"
        value={formatNumber(stats.tokens_saved)}
        hint="Prompt tokens removed, plus whole calls answered from cache"
        change={comparison?.tokens_saved_change}
      />
      <StatCard
        label="Cost Savings"
        value={formatCurrency(stats.cost_savings)}
        hint="Requested model's price minus what was paid, per request"
        change={comparison?.cost_savings_change}
      />
      <StatCard
        label="Avg Latency"
        value={`${formatNumber(Math.round(stats.avg_latency_ms))} ms`}
        hint="Mean over every call"
        change={comparison?.avg_latency_change}
        lowerIsBetter
      />
    </SimpleGrid>
  );
}
