import { Alert, Badge, Button, Group, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormError, MutationError } from '../../../components/form-error.tsx';
import { useDraft } from '../../../components/use-draft.ts';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { activeAccount, getStoredUser } from '../../../lib/session.ts';
import { useBaselineConfig } from '../api/get-baseline-config.ts';
import { useUpdateBaselineConfig } from '../api/update-baseline-config.ts';
import { baselineMode, canSetSampleRate } from '../baseline-mode.ts';

const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%` }));

/** The A/B baseline: what share of requests goes out unoptimized to measure savings against. */
export function BaselineConfigCard() {
  const config = useBaselineConfig();
  const update = useUpdateBaselineConfig();
  const canSave = canSetSampleRate(activeAccount(getStoredUser())?.role);
  const saved = config.data?.sample_rate;
  const form = useDraft(config.data);
  const notice = useFlashMessage();
  const value = form.draft?.sample_rate ?? 0;
  const mode = baselineMode(value);

  const save = () =>
    update.mutate(
      { sample_rate: value },
      {
        onSuccess: () => {
          form.discard();
          notice.show('Baseline sample rate saved');
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>A/B Baseline</Title>
        <Text size="sm" c="dimmed">
          Requests in the baseline sample skip every optimization, so savings are measured against
          what the same traffic really costs. 0% optimizes all requests, 1-99% runs an A/B test,
          100% passes everything through.
        </Text>
        {config.isError ? (
          <FormError message={errorMessage(config.error, 'Failed to load savings data')} />
        ) : (
          <>
            <Group gap="xs">
              <Text fw={600}>Sample rate: {value}%</Text>
              <Badge color={mode.color} variant="light">
                {mode.label}
              </Badge>
            </Group>
            <Slider
              label={(v) => `${v}%`}
              thumbLabel="Baseline sample rate"
              min={0}
              max={100}
              step={5}
              marks={MARKS}
              value={value}
              onChange={(v) => {
                form.change({ sample_rate: v });
                notice.hide();
              }}
              disabled={config.isPending || !canSave}
              mb="lg"
            />
            <Text size="sm">{mode.description}</Text>
            <MutationError mutation={update} fallback="Failed to save configuration" />
            <Group>
              <Button
                onClick={save}
                loading={update.isPending}
                disabled={config.isPending || !canSave || value === saved}
              >
                Save
              </Button>
              {notice.message ? (
                <Text c="teal" size="sm" role="status">
                  {notice.message}
                </Text>
              ) : null}
            </Group>
            {canSave ? null : (
              <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
                Only account owners and admins can change the sample rate; your role can see the
                current one.
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
