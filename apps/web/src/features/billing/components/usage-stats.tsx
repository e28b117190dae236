import { SimpleGrid } from '@mantine/core';
import type { Usage } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';

/**
 * The period's request counts and savings, shared by the paid and enterprise views. Each figure is
 * the one the dashboard or /savings shows for the same window (docs/metrics.md).
 */
export function UsageStats({ usage }: { usage: Usage }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="group" aria-label="Usage figures">
      <StatTile
        label="Total requests"
        value={formatNumber(usage.total_requests)}
        hint="Every gateway call this period, errors included"
      />
      <StatTile
        label="Optimized requests"
        value={formatNumber(usage.optimized_requests)}
        hint="Successful calls that went through optimization (cache hits included)"
      />
      <StatTile
        label="Passthrough requests"
        value={formatNumber(usage.passthrough_requests)}
        hint="Sent unoptimized: over the quota, or in the A/B baseline sample"
      />
      <StatTile
        label="Failed requests"
        value={formatNumber(usage.failed_requests)}
        hint="Ended in an error"
      />
      <StatTile
        label="Tokens saved"
        value={formatNumber(usage.total_tokens_saved)}
        hint="Prompt tokens removed, plus whole calls answered from cache"
      />
      <StatTile
        label="Savings rate"
        value={formatPercent(usage.savings_percentage)}
        hint="Cost saved / cost without optimization, as on Savings"
      />
      <StatTile
        label="Total cost saved"
        value={formatCurrency(usage.total_cost_saved)}
        hint="As on Savings, for this billing period"
      />
    </SimpleGrid>
  );
}
