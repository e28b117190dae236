import { SimpleGrid } from '@mantine/core';
import type { CacheAnalytics } from '@tokenwise/contracts';
import { SavingsBreakdown } from './savings-breakdown.tsx';

/** The Analytics tab: where the cache saves, by provider and by model. */
export function CacheAnalyticsTab({ analytics }: { analytics: CacheAnalytics }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <SavingsBreakdown
        title="By Provider"
        column="Provider"
        rows={analytics.by_provider.map(({ provider, ...figures }) => ({
          name: provider,
          ...figures,
        }))}
      />
      <SavingsBreakdown
        title="By Model"
        column="Model"
        rows={analytics.by_model.map(({ model, ...figures }) => ({ name: model, ...figures }))}
      />
    </SimpleGrid>
  );
}
