import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Subscription } from '@tokenwise/contracts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { subscriptionBadge } from '../subscription-badge.ts';

function priceLine(subscription: Subscription): string {
  return subscription.tier === 'enterprise'
    ? `${subscription.savings_percentage}% of the cost you save`
    : `$${subscription.monthly_fee}/month · ${formatNumber(subscription.monthly_token_quota)} optimized tokens per month`;
}

export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const portal = useOpenPortal();
  const checkout = useStartCheckout();
  const badge = subscriptionBadge(subscription);
  const actionError =
    (portal.isError ? errorMessage(portal.error, 'Failed to open billing portal') : null) ??
    (checkout.isError ? errorMessage(checkout.error, 'Failed to start checkout') : null);

  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            {subscription.tier === 'enterprise' ? 'Enterprise Plan' : 'Paid Plan'}
          </Title>
          <Badge color={badge.color} variant="light" size="lg">
            {badge.label}
          </Badge>
        </Group>
        <Text c="dimmed">{priceLine(subscription)}</Text>
        {subscription.is_active ? (
          <>
            {subscription.status === 'trialing' && subscription.trial_ends_at ? (
              <Text>Trial ends {formatDate(subscription.trial_ends_at)}</Text>
            ) : null}
            {subscription.cancel_at ? (
              // Cancelled in the portal: it runs to this date and bills nothing more.
              <Text c="orange" fw={600}>
                Cancels on {formatDate(subscription.cancel_at)}: no further billing
              </Text>
            ) : (
              <Text>Next billing date: {formatDate(subscription.current_period_end)}</Text>
            )}
          </>
        ) : (
          <Text c="red" fw={600}>
            Subscription inactive
          </Text>
        )}
        <FormError message={actionError} />
        <Group>
          <Button variant="light" loading={portal.isPending} onClick={() => portal.mutate()}>
            Manage Subscription
          </Button>
          {subscription.is_active ? null : (
            <Button loading={checkout.isPending} onClick={() => checkout.mutate({ tier: 'paid' })}>
              Resubscribe
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
