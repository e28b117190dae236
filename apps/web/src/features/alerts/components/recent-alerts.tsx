import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type AlertHistoryEntry, RECENT_ALERTS_SHOWN } from '@tokenwise/contracts';
import { DateTime } from '../../../components/date-time.tsx';
import { formatCurrency } from '../../../lib/format.ts';
import { historyBadges } from '../alert-display.ts';

/** Spec section 2: only when there are entries, the first 10, values as dollars with 2 decimals. */
export function RecentAlerts({ entries }: { entries: AlertHistoryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3}>Recent Alerts</Title>
      {entries.slice(0, RECENT_ALERTS_SHOWN).map((e) => (
        <Paper key={e.id} withBorder p="sm" radius="md" data-testid="recent-alert">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{e.alert_name}</Text>
              <Text size="xs" c="dimmed">
                <DateTime value={e.triggered_at} />
              </Text>
              <Text size="sm">
                Triggered at {formatCurrency(e.trigger_value)} (threshold{' '}
                {formatCurrency(e.threshold_value)})
              </Text>
              {e.kind === 'forecast' ? (
                <Text size="sm" c="orange">
                  {e.message}
                </Text>
              ) : null}
            </Stack>
            <Group gap={4}>
              {historyBadges(e).map((b) => (
                <Badge key={b.label} color={b.color}>
                  {b.label}
                </Badge>
              ))}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
