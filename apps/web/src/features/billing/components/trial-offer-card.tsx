import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PAID_TIER } from '@tokenwise/contracts';
import { MutationError } from '../../../components/form-error.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useStartCheckout } from '../api/start-checkout.ts';

const quotaInMillions = formatNumber(PAID_TIER.monthly_token_quota / 1_000_000);

/** What an account without a subscription sees: the paid plan and how to start its trial. */
export function TrialOfferCard() {
  const checkout = useStartCheckout();
  return (
    <Card withBorder radius="md" padding="xl" maw={520}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3}>Paid Plan</Title>
          <Badge color="green" variant="light" size="lg">
            14-Day Free Trial
          </Badge>
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={36} fw={800}>
            ${PAID_TIER.monthly_fee}
          </Text>
          <Text c="dimmed">/month after the trial</Text>
        </Group>
        <List spacing="xs" icon={<IconCheck size={16} color="var(--mantine-color-green-6)" />}>
          <List.Item>{quotaInMillions}M optimized tokens per month</List.Item>
          <List.Item>20-30% average cost savings</List.Item>
          <List.Item>Requests pass through unoptimized when the quota is exceeded</List.Item>
          <List.Item>No payment required during the trial</List.Item>
        </List>
        <MutationError mutation={checkout} fallback="Failed to start checkout" />
        <Button
          size="md"
          loading={checkout.isPending}
          onClick={() => checkout.mutate({ tier: 'paid' })}
        >
          Start Free Trial
        </Button>
      </Stack>
    </Card>
  );
}
