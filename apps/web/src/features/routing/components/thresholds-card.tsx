import { Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { SaveRow } from '../../../components/save-row.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import type { RoutingDraftState } from '../hooks/use-routing-draft.ts';

/** NumberInput gives a number, or a string while the field is empty or half typed. */
function asThreshold(value: number | string): number | '' {
  return typeof value === 'number' ? value : '';
}

/** The two token thresholds (whole numbers, simple below complex) and the one Save button. */
export function ThresholdsCard({ form, disabled }: { form: RoutingDraftState; disabled: boolean }) {
  const { draft } = form;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Difficulty Thresholds</Title>
        <Text size="sm" c="dimmed">
          Prompts under the simple threshold count as simple, prompts over the complex threshold as
          complex, the rest as medium (in tokens, before the content signals are added).
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label="Simple threshold (tokens)"
            description="Default 100"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            value={draft?.simple ?? ''}
            disabled={disabled || draft === null}
            onChange={(v) => form.change({ simple: asThreshold(v) })}
          />
          <NumberInput
            label="Complex threshold (tokens)"
            description="Default 500"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            value={draft?.complex ?? ''}
            disabled={disabled || draft === null}
            onChange={(v) => form.change({ complex: asThreshold(v) })}
          />
        </Group>
        <FormError message={form.problem} />
        <SuccessNotice message={form.savedNotice} />
        <SaveRow
          label="Save Configuration"
          onSave={form.save}
          saving={form.saving}
          unsaved={form.unsaved}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
