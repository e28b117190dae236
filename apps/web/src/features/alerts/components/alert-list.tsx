import { Stack, Text } from '@mantine/core';
import type { Alert } from '@tokenwise/contracts';
import { AlertRow } from './alert-row.tsx';

interface AlertListProps {
  alerts: Alert[];
  canManage: boolean;
  /** Ids with a request in flight, by action. */
  pending: { toggling: string | null; testing: string | null; deleting: string | null };
  onToggle: (alert: Alert) => void;
  onTest: (alert: Alert) => void;
  onEdit: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
}

export function AlertList({ alerts, canManage, pending, ...actions }: AlertListProps) {
  if (alerts.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No alerts configured
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {alerts.map((alert) => (
        <AlertRow
          key={alert.id}
          alert={alert}
          canManage={canManage}
          busy={{
            toggling: pending.toggling === alert.id,
            testing: pending.testing === alert.id,
            deleting: pending.deleting === alert.id,
          }}
          onToggle={() => actions.onToggle(alert)}
          onTest={() => actions.onTest(alert)}
          onEdit={() => actions.onEdit(alert)}
          onDelete={() => actions.onDelete(alert)}
        />
      ))}
    </Stack>
  );
}
