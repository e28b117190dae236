import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AdminAccount } from '@tokenwise/contracts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { formatQuotaPercent } from '../usage-bar.ts';

/** The line a collapsed card shows: name, tier, members, created, tokens and quota share. */
export function AccountSummary({ account }: { account: AdminAccount }) {
  const { subscription, usage } = account;
  const members = account.members.length;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{account.name}</Text>
        {subscription ? (
          <Badge color={subscription.is_active ? 'green' : 'gray'} variant="light">
            {subscription.tier}
          </Badge>
        ) : (
          <Badge color="gray" variant="outline">
            No subscription
          </Badge>
        )}
      </Group>
      <Group gap="md" c="dimmed">
        <Text size="sm">
          {members} {members === 1 ? 'member' : 'members'}
        </Text>
        <Text size="sm">Created {formatDate(account.created_at)}</Text>
        <Text size="sm">{formatNumber(usage.tokens_used)} tokens used</Text>
        <Text size="sm">
          {usage.quota_percentage === null
            ? 'No quota'
            : `${formatQuotaPercent(usage.quota_percentage)} of quota`}
        </Text>
      </Group>
    </Stack>
  );
}
