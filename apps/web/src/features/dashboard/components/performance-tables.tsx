import { SimpleGrid } from '@mantine/core';
import type { TimeRange } from '@tokenwise/contracts';
import { useModelBreakdown } from '../api/get-model-breakdown.ts';
import { useProviderBreakdown } from '../api/get-provider-breakdown.ts';
import { PerformanceTable } from './performance-table.tsx';

/** Model Performance and Provider Performance side by side, for the selected period. */
export function PerformanceTables({ timeRange }: { timeRange: TimeRange }) {
  const models = useModelBreakdown(timeRange);
  const providers = useProviderBreakdown(timeRange);
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }}>
      <PerformanceTable
        title="Model Performance"
        nameLabel="Model"
        rows={models.data?.models.map(({ model, ...figures }) => ({ name: model, ...figures }))}
        failed={models.isError}
      />
      <PerformanceTable
        title="Provider Performance"
        nameLabel="Provider"
        rows={providers.data?.providers.map(({ provider, ...figures }) => ({
          name: provider,
          ...figures,
        }))}
        failed={providers.isError}
      />
    </SimpleGrid>
  );
}
