import { SimpleGrid } from '@mantine/core';
import type { CacheAnalytics, CacheStats } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';

/**
 * The last 30 days' hits and misses and what those hits saved (from the request log, as on the
 * dashboard, so clearing the cache does not unsay them), and how many entries are live now.
 */
export function CacheStatCards({
  stats,
  analytics,
}: {
  stats: CacheStats;
  analytics: CacheAnalytics;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} role="group" aria-label="Cache figures">
      <StatTile label="Hit Rate" value={formatPercent(stats.hit_rate)} />
      <StatTile label="Cache Hits" value={formatNumber(stats.total_hits)} />
      <StatTile label="Cache Misses" value={formatNumber(stats.total_misses)} />
      <StatTile label="Cached Entries" value={formatNumber(analytics.total_entries)} />
      <StatTile label="Tokens Saved" value={formatNumber(stats.tokens_saved)} />
      <StatTile label="Cost Saved" value={formatCurrency(stats.cost_saved)} />
    </SimpleGrid>
  );
}
