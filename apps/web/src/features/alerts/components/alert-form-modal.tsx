import { Button, Checkbox, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  ALERT_PERIODS,
  ALERT_TYPES,
  type Alert,
  type AlertInput,
  type AlertPeriod,
  type AlertType,
} from '@tokenwise/contracts';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import {
  PERIOD_LABELS,
  THRESHOLD_DESCRIPTIONS,
  THRESHOLD_PLACEHOLDERS,
  TYPE_LABELS,
} from '../alert-display.ts';
import { useSaveAlert } from '../api/save-alert.ts';

/** Spec section 9: threshold 100, period 1d, throttle 0, email on, webhook off. */
const NEW_ALERT: AlertInput = {
  name: '',
  alert_type: 'budget_limit',
  enabled: true,
  conditions: { threshold: 100, period: '1d' },
  notification_email: true,
  notification_webhook: false,
  webhook_url: '',
  throttle_minutes: 0,
};

/**
 * A number field's value: an emptied field (NaN) stays empty. Given as a number, not a string, so
 * React leaves a half-typed '25.0' alone instead of rewriting it to '25'.
 */
function numberFieldValue(value: number): number | '' {
  return Number.isNaN(value) ? '' : value;
}

function draftOf(alert: Alert | null): AlertInput {
  if (!alert) return NEW_ALERT;
  const { id: _id, last_triggered_at: _last, ...fields } = alert;
  return { ...fields, webhook_url: fields.webhook_url ?? '' };
}

interface AlertFormModalProps {
  opened: boolean;
  /** The alert being edited; null creates one. */
  editing: Alert | null;
  onClose: () => void;
  /** `secret`: a new alert's webhook signing secret, answered this once. */
  onSaved: (alert: Alert, created: boolean, secret: string | null) => void;
}

/**
 * 'Create New Alert' / 'Edit Alert'. Cancel throws the draft away; the type is fixed once saved.
 * Threshold and throttle are native number fields with the step and minimum of spec section 5.
 */
export function AlertFormModal({ opened, editing, onClose, onSaved }: AlertFormModalProps) {
  const save = useSaveAlert();
  const [draft, setDraft] = useState<AlertInput>(() => draftOf(editing));
  const set = (changes: Partial<AlertInput>) => setDraft((d) => ({ ...d, ...changes }));
  const setCondition = (changes: Partial<AlertInput['conditions']>) =>
    setDraft((d) => ({ ...d, conditions: { ...d.conditions, ...changes } }));

  function close() {
    setDraft(draftOf(editing));
    save.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...draft, webhook_url: draft.notification_webhook ? draft.webhook_url : null };
    save.mutate(editing ? { id: editing.id, body } : { body }, {
      onSuccess: (saved) => {
        onSaved(saved, !editing, 'webhook_secret' in saved ? saved.webhook_secret : null);
        close();
      },
    });
  }

  const type = draft.alert_type;
  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Edit Alert' : 'Create New Alert'}>
      <form onSubmit={submit}>
        <Stack>
          <MutationError mutation={save} fallback="Failed to save alert" />
          <TextInput
            label="Alert Name"
            placeholder="e.g. Daily budget"
            maxLength={200}
            data-autofocus
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <Select
            label="Alert Type"
            data={ALERT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            value={type}
            disabled={editing !== null}
            allowDeselect={false}
            onChange={(v) => v && set({ alert_type: v as AlertType })}
          />
          <Switch
            label="Enabled"
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
          <TextInput
            type="number"
            label="Threshold"
            description={THRESHOLD_DESCRIPTIONS[type]}
            placeholder={THRESHOLD_PLACEHOLDERS[type]}
            step={type === 'budget_limit' ? 0.01 : 1}
            min={0}
            // A share of requests stops at 100%; the server refuses more (decision 098).
            {...(type === 'error_rate' ? { max: 100 } : {})}
            value={numberFieldValue(draft.conditions.threshold)}
            onChange={(e) => setCondition({ threshold: e.currentTarget.valueAsNumber })}
          />
          <Select
            label="Period"
            data={ALERT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            value={draft.conditions.period}
            allowDeselect={false}
            onChange={(v) => v && setCondition({ period: v as AlertPeriod })}
          />
          <Checkbox
            label="Email notification"
            checked={draft.notification_email}
            onChange={(e) => set({ notification_email: e.currentTarget.checked })}
          />
          <Checkbox
            label="Webhook notification"
            checked={draft.notification_webhook}
            onChange={(e) => set({ notification_webhook: e.currentTarget.checked })}
          />
          {draft.notification_webhook ? (
            <TextInput
              type="url"
              label="Webhook URL"
              placeholder="https://hooks.example.com/tokenwise"
              value={draft.webhook_url ?? ''}
              onChange={(e) => set({ webhook_url: e.currentTarget.value })}
            />
          ) : null}
          <TextInput
            type="number"
            label="Throttle (minutes)"
            description="At most one notification per this many minutes; 0 means no limit."
            min={0}
            step={1}
            value={numberFieldValue(draft.throttle_minutes)}
            onChange={(e) => set({ throttle_minutes: e.currentTarget.valueAsNumber })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
