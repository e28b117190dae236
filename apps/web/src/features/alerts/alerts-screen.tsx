import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Alert, hasRole, MANAGER_ROLES } from '@tokenwise/contracts';
import { useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SuccessNotice } from '../../components/success-notice.tsx';
import { useFlashMessage } from '../../components/use-flash-message.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import {
  alertCount,
  deleteConfirmText,
  testFailedMessage,
  testSentMessage,
} from './alert-display.ts';
import { useDeleteAlert } from './api/delete-alert.ts';
import { useAlertHistory } from './api/get-alert-history.ts';
import { useAlerts } from './api/get-alerts.ts';
import { useTestAlert } from './api/test-alert.ts';
import { useToggleAlert } from './api/toggle-alert.ts';
import { AlertFormModal } from './components/alert-form-modal.tsx';
import { AlertList } from './components/alert-list.tsx';
import { RecentAlerts } from './components/recent-alerts.tsx';
import { SigningSecret } from './components/signing-secret.tsx';

type FormState = { open: false } | { open: true; editing: Alert | null; key: number };

export function AlertsScreen() {
  const canManage = hasRole(activeAccount(getStoredUser())?.role, MANAGER_ROLES);
  const alerts = useAlerts();
  const history = useAlertHistory();
  const toggle = useToggleAlert();
  const test = useTestAlert();
  const remove = useDeleteAlert();
  const flash = useFlashMessage();
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({ open: false });
  const [newSecret, setNewSecret] = useState<{ alertName: string; secret: string } | null>(null);

  const openForm = (editing: Alert | null) => setForm({ open: true, editing, key: Date.now() });
  const failed = (fallback: string) => (err: unknown) => setError(errorMessage(err, fallback));
  const succeeded = (message: string) => {
    setError(null);
    flash.show(message);
  };

  function onToggle(alert: Alert) {
    toggle.mutate(
      { id: alert.id, enabled: !alert.enabled },
      {
        onSuccess: (a) => succeeded(`Alert "${a.name}" ${a.enabled ? 'enabled' : 'disabled'}`),
        onError: failed('Failed to update alert'),
      },
    );
  }
  function onTest(alert: Alert) {
    test.mutate(alert.id, {
      onSuccess: (r) => {
        succeeded(testSentMessage(alert.name, r.notifications_sent));
        setError(testFailedMessage(r.errors));
      },
      onError: failed('Failed to send test notification'),
    });
  }
  function onDelete(alert: Alert) {
    if (!window.confirm(deleteConfirmText(alert.name))) return;
    remove.mutate(alert.id, {
      onSuccess: () => succeeded(`Alert "${alert.name}" deleted`),
      onError: failed('Failed to delete alert'),
    });
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Alerts & Notifications"
        description="Get an email or a signed webhook when spend, errors or token use cross a line."
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
              Create Alert
            </Button>
          ) : null
        }
      />
      <SuccessNotice message={flash.message} />
      {newSecret ? <SigningSecret {...newSecret} onDone={() => setNewSecret(null)} /> : null}
      <FormError message={error} />
      {alerts.isPending ? (
        <PageLoader label="Loading alerts..." />
      ) : alerts.isError ? (
        <LoadError load={alerts} fallback="Failed to load alerts" />
      ) : alerts.data ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3}>Active Alerts</Title>
            <Text c="dimmed" data-testid="alert-count">
              {alertCount(alerts.data.length)}
            </Text>
          </Group>
          <AlertList
            alerts={alerts.data}
            canManage={canManage}
            pending={{
              toggling: toggle.isPending ? toggle.variables.id : null,
              testing: test.isPending ? test.variables : null,
              deleting: remove.isPending ? remove.variables : null,
            }}
            onToggle={onToggle}
            onTest={onTest}
            onEdit={openForm}
            onDelete={onDelete}
          />
        </Stack>
      ) : null}
      <RecentAlerts entries={history.data ?? []} />
      {form.open ? (
        <AlertFormModal
          key={form.key}
          opened
          editing={form.editing}
          onClose={() => setForm({ open: false })}
          onSaved={(a, created, secret) => {
            succeeded(`Alert "${a.name}" ${created ? 'created' : 'updated'}`);
            if (secret) setNewSecret({ alertName: a.name, secret });
          }}
        />
      ) : null}
    </Stack>
  );
}
