import { Alert, Group, SimpleGrid, Stack, Switch, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SuccessNotice } from '../../components/success-notice.tsx';
import { useFlashMessage } from '../../components/use-flash-message.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { canManage } from '../../lib/roles.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useCacheAnalytics } from './api/get-cache-analytics.ts';
import { useCacheConfig } from './api/get-cache-config.ts';
import { useCacheStats } from './api/get-cache-stats.ts';
import { canInvalidateCache } from './cache-access.ts';
import { CacheAnalyticsTab } from './components/cache-analytics-tab.tsx';
import { CacheConfigForm } from './components/cache-config-form.tsx';
import { CacheEntriesTab } from './components/cache-entries-tab.tsx';
import { CacheQualityPanel } from './components/cache-quality-panel.tsx';
import { CacheStatCards } from './components/cache-stat-cards.tsx';
import { ClearCacheButton } from './components/clear-cache-button.tsx';
import { HowCacheWorks } from './components/how-cache-works.tsx';
import { PromptPreview } from './components/prompt-preview.tsx';
import { useCacheToggle } from './hooks/use-cache-toggle.ts';

/** /semantic-cache: figures, the enable switch, Clear All Cache, and the three tabs. */
export function SemanticCacheScreen() {
  const stats = useCacheStats();
  const config = useCacheConfig();
  const analytics = useCacheAnalytics();
  const toggle = useCacheToggle(config.data);
  const cleared = useFlashMessage();
  const [clearError, setClearError] = useState<string | null>(null);
  const role = activeAccount(getStoredUser())?.role;
  const canConfigure = canManage(role);
  const canInvalidate = canInvalidateCache(role);

  const loadError = stats.error ?? config.error ?? analytics.error;
  let body: ReactNode;
  if (loadError) {
    body = <FormError message={errorMessage(loadError, 'Failed to load semantic cache data')} />;
  } else if (!stats.data || !config.data || !analytics.data) {
    body = <PageLoader label="Loading semantic cache..." />;
  } else {
    body = (
      <>
        <CacheStatCards stats={stats.data} analytics={analytics.data} />
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="entries">Cached Entries</Tabs.Tab>
            <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Stack gap="md">
                  <CacheConfigForm config={config.data} disabled={!canConfigure} />
                  <CacheQualityPanel />
                </Stack>
                <PromptPreview />
              </SimpleGrid>
              <HowCacheWorks />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="entries" pt="md">
            <CacheEntriesTab canInvalidate={canInvalidate} />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <CacheAnalyticsTab analytics={analytics.data} />
          </Tabs.Panel>
        </Tabs>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Semantic Cache"
        description="Answer repeated and reworded questions from the cache instead of the provider."
        actions={
          <Group gap="md">
            <Switch
              size="md"
              label="Cache enabled"
              checked={toggle.enabled}
              disabled={!canConfigure || !config.data || toggle.pending}
              onChange={(event) => toggle.toggle(event.currentTarget.checked)}
            />
            <ClearCacheButton
              onCleared={cleared.show}
              onError={setClearError}
              disabled={!canInvalidate}
            />
          </Group>
        }
      />
      {canConfigure ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          Only account owners and admins can change the cache settings
          {canInvalidate ? '' : ', and read-only members cannot remove entries'}.
        </Alert>
      )}
      <FormError message={toggle.error} />
      <FormError message={clearError} />
      <SuccessNotice message={cleared.message} />
      {body}
    </Stack>
  );
}
