import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCoin,
  IconPencil,
  IconSend,
  IconTicket,
  IconTrash,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { Alert, AlertType } from '@tokenwise/contracts';
import { DateTime } from '../../../components/date-time.tsx';
import { formatThreshold, PERIOD_LABELS, TYPE_LABELS } from '../alert-display.ts';

const TYPE_ICONS: Record<AlertType, typeof IconCoin> = {
  budget_limit: IconCoin,
  cost_spike: IconTrendingUp,
  error_rate: IconAlertTriangle,
  token_quota: IconTicket,
};

interface AlertRowProps {
  alert: Alert;
  /** Owners and admins: the row's actions. */
  canManage: boolean;
  busy: { toggling: boolean; testing: boolean; deleting: boolean };
  onToggle: () => void;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function AlertRow({
  alert,
  canManage,
  busy,
  onToggle,
  onTest,
  onEdit,
  onDelete,
}: AlertRowProps) {
  const Icon = TYPE_ICONS[alert.alert_type];
  const channels = [
    ...(alert.notification_email ? ['Email'] : []),
    ...(alert.notification_webhook ? ['Webhook'] : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="alert-row" aria-label={alert.name}>
      {/* The actions go under the text when both do not fit side by side (a phone): kept beside
          it, they squeezed the name and badges to a sliver (decision 110). */}
      <Group justify="space-between" align="flex-start">
        <Group wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 15rem' }}>
          <ThemeIcon variant="light" size="lg">
            <Icon size={18} />
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{alert.name}</Text>
              <Badge color={alert.enabled ? 'green' : 'gray'} variant="light">
                {alert.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {TYPE_LABELS[alert.alert_type]} · Threshold{' '}
              {formatThreshold(alert.alert_type, alert.conditions.threshold)} ·{' '}
              {PERIOD_LABELS[alert.conditions.period]}
            </Text>
            <Group gap="xs">
              {channels.map((c) => (
                <Badge key={c} variant="outline" size="sm">
                  {c}
                </Badge>
              ))}
              {alert.throttle_minutes > 0 ? (
                <Text size="xs" c="dimmed">
                  Once per {alert.throttle_minutes} min
                </Text>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              Last triggered:{' '}
              {alert.last_triggered_at ? <DateTime value={alert.last_triggered_at} /> : 'Never'}
            </Text>
          </Stack>
        </Group>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" loading={busy.toggling} onClick={onToggle}>
              {alert.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Tooltip label="Send test notification" withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`Send test notification for ${alert.name}`}
                loading={busy.testing}
                onClick={onTest}
              >
                <IconSend size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Edit alert" withArrow>
              <ActionIcon variant="subtle" aria-label={`Edit ${alert.name}`} onClick={onEdit}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete alert" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${alert.name}`}
                loading={busy.deleting}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
