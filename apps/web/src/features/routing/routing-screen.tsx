import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { canManage } from '../../lib/roles.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useRoutingConfig } from './api/get-routing-config.ts';
import { useRoutingStats } from './api/get-routing-stats.ts';
import { DifficultyDistribution } from './components/difficulty-distribution.tsx';
import { HeldDifficultiesAlert } from './components/held-difficulties-alert.tsx';
import { ModelTiers } from './components/model-tiers.tsx';
import { RoutingPolicy } from './components/routing-policy.tsx';
import { RoutingStatCards } from './components/routing-stat-cards.tsx';
import { RoutingToggle } from './components/routing-toggle.tsx';
import { ThresholdsCard } from './components/thresholds-card.tsx';
import { useRoutingDraft } from './hooks/use-routing-draft.ts';

/** /routing: the enable switch, last-30-day figures, difficulty mix, tiers and thresholds. */
export function RoutingScreen() {
  const stats = useRoutingStats();
  const config = useRoutingConfig();
  const form = useRoutingDraft(config.data);
  const canSave = canManage(activeAccount(getStoredUser())?.role);
  const loadError = stats.error ?? config.error;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Smart Routing"
        description="Send each request to the cheapest model tier that can handle it."
        actions={<RoutingToggle form={form} disabled={!canSave} />}
      />
      {loadError ? (
        <FormError message={errorMessage(loadError, 'Failed to load routing data')} />
      ) : null}
      {canSave ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          Only account owners and admins can change routing; your role can see the current settings.
        </Alert>
      )}
      {stats.isPending ? (
        <PageLoader label="Loading routing data..." />
      ) : stats.isSuccess ? (
        <>
          <HeldDifficultiesAlert held={stats.data.held_difficulties} />
          <RoutingStatCards stats={stats.data} />
        </>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {stats.isSuccess ? (
          <DifficultyDistribution
            breakdown={stats.data.difficulty_breakdown}
            routingEnabled={config.data?.enabled ?? false}
          />
        ) : null}
        <ThresholdsCard form={form} disabled={!canSave} />
      </SimpleGrid>
      <ModelTiers />
      <RoutingPolicy />
    </Stack>
  );
}
