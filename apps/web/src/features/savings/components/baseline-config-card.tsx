import { Badge, Button, Group, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBaselineConfig } from '../api/get-baseline-config.ts';
import { useUpdateBaselineConfig } from '../api/update-baseline-config.ts';
import { baselineMode } from '../baseline-mode.ts';

/** Success messages disappear after 3 s (spec section 9). */
const SAVED_NOTICE_MS = 3000;
const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%` }));

/** The A/B baseline: what share of requests goes out unoptimized to measure savings against. */
export function BaselineConfigCard() {
  const config = useBaselineConfig();
  const update = useUpdateBaselineConfig();
  const saved = config.data?.sample_rate;
  const [rate, setRate] = useState<number | null>(null);
  const [notice, setNotice] = useState(false);
  const value = rate ?? saved ?? 0;
  const mode = baselineMode(value);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(false), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const save = () =>
    update.mutate(
      { sample_rate: value },
      {
        onSuccess: () => {
          setRate(null);
          setNotice(true);
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
                setRate(v);
                setNotice(false);
              }}
              disabled={config.isPending}
              mb="lg"
            />
            <Text size="sm">{mode.description}</Text>
            <FormError
              message={
                update.isError ? errorMessage(update.error, 'Failed to save configuration') : null
              }
            />
            <Group>
              <Button
                onClick={save}
                loading={update.isPending}
                disabled={config.isPending || value === saved}
              >
                Save
              </Button>
              {notice ? (
                <Text c="teal" size="sm" role="status">
                  Baseline sample rate saved
                </Text>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
