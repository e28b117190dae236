import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CacheAnalytics } from '@tokenwise/contracts';
import { SavingsBreakdown } from './savings-breakdown.tsx';

/** The Analytics tab: where the cache saves, by provider and by model. */
export function CacheAnalyticsTab({ analytics }: { analytics: CacheAnalytics }) {
  return (
    <Stack gap="md">
      {/* The cards above count the log's hits; these sums come from the entries cached now, so
          without this line the two Tokens Saved figures disagree unexplained (decision 110). */}
      <Text size="sm" c="dimmed">
        What the entries cached now have saved. An entry cleared, expired or replaced takes its
        figures with it, so these sums can differ from Tokens Saved above, which counts every hit of
        the last 30 days in the request log.
      </Text>
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
    </Stack>
  );
}
