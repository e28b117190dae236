import { SimpleGrid } from '@mantine/core';
import type { EvalStats as Stats } from '@tokenwise/contracts';
import { StatTile } from '../../../components/stat-tile.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';

export function EvalStats({ stats }: { stats: Stats }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatTile
        label="Total Evals"
        value={formatNumber(stats.total_evals)}
        hint="Answers with a thumbs up or down"
      />
      <StatTile label="Thumbs Up" value={formatNumber(stats.thumbs_up)} />
      <StatTile label="Thumbs Down" value={formatNumber(stats.thumbs_down)} />
      <StatTile
        label="Satisfaction Rate"
        value={formatPercent(stats.satisfaction_rate)}
        hint="Thumbs up / total evals"
      />
    </SimpleGrid>
  );
}
