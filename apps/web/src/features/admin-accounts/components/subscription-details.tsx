import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminAccount } from '@tokenwise/contracts';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { UsageBar } from './usage-bar.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

/** Tier, status, quota, usage and period; 'No active subscription' without one. */
export function SubscriptionDetails({ account }: { account: AdminAccount }) {
  const { subscription, usage } = account;
  return (
    <Stack gap="xs">
      <Title order={4}>Subscription</Title>
      {subscription ? (
        <>
          <Detail label="Tier">{subscription.tier}</Detail>
          <Detail label="Status">
            <Badge color={subscription.is_active ? 'green' : 'gray'} variant="light">
              {subscription.is_active ? 'Active' : 'Inactive'}
            </Badge>
          </Detail>
          <Detail label="Monthly quota">
            {/* 0 is no quota at all (enterprise is billed on savings), not a quota of 0 tokens. */}
            {subscription.monthly_token_quota > 0
              ? `${formatNumber(subscription.monthly_token_quota)} tokens`
              : 'No quota'}
          </Detail>
          <Detail label="Tokens used">{formatNumber(usage.tokens_used)}</Detail>
          <UsageBar
            tokensUsed={usage.tokens_used}
            quota={subscription.monthly_token_quota}
            percent={usage.quota_percentage}
          />
          <Detail label="Period">
            {formatDate(subscription.current_period_start)} –{' '}
            {formatDate(subscription.current_period_end)}
          </Detail>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No active subscription
        </Text>
      )}
    </Stack>
  );
}
