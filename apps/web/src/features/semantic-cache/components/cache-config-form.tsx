import { Alert, Button, Group, Paper, Select, Slider, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { CacheConfig } from '@tokenwise/contracts';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveCacheConfig } from '../api/save-cache-config.ts';
import { formatSimilarity, SIMILARITY_SLIDER, ttlOptions } from '../cache-settings.ts';
import { useNotice } from '../hooks/use-notice.ts';

const MARKS = [0.8, 0.85, 0.9, 0.95, 1].map((value) => ({ value, label: value.toFixed(2) }));

/** Threshold and TTL, saved together with an explicit Save; the switch keeps its stored state. */
type CacheEmbedder = NonNullable<CacheConfig['embedder']>;

const EMBEDDER_OPTIONS: { value: CacheEmbedder; label: string }[] = [
  { value: 'local', label: 'Local (built in, default)' },
  { value: 'openai', label: 'OpenAI text-embedding-3-small' },
  { value: 'gemini', label: 'Gemini gemini-embedding-001' },
  { value: 'mistral', label: 'Mistral mistral-embed' },
];

export function CacheConfigForm({ config, disabled }: { config: CacheConfig; disabled: boolean }) {
  const save = useSaveCacheConfig();
  const notice = useNotice();
  // null: follow what the server holds.
  const [threshold, setThreshold] = useState<number | null>(null);
  const [ttl, setTtl] = useState<number | null>(null);
  const [embedder, setEmbedder] = useState<CacheEmbedder | null>(null);
  const shownThreshold = threshold ?? config.similarity_threshold;
  const shownTtl = ttl ?? config.ttl_seconds;
  const shownEmbedder = embedder ?? config.embedder ?? 'local';
  const unsaved =
    shownThreshold !== config.similarity_threshold ||
    shownTtl !== config.ttl_seconds ||
    shownEmbedder !== (config.embedder ?? 'local');

  function submit() {
    save.mutate(
      {
        enabled: config.enabled,
        embedder: shownEmbedder,
        similarity_threshold: shownThreshold,
        ttl_seconds: shownTtl,
      },
      {
        onSuccess: () => {
          setThreshold(null);
          setTtl(null);
          setEmbedder(null);
          notice.show('Cache configuration saved');
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={4}>Configuration</Title>
        <div>
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              Similarity threshold
            </Text>
            <Text fw={700} data-testid="similarity-threshold">
              {formatSimilarity(shownThreshold)}
            </Text>
          </Group>
          <Slider
            thumbLabel="Similarity threshold"
            min={SIMILARITY_SLIDER.min}
            max={SIMILARITY_SLIDER.max}
            step={SIMILARITY_SLIDER.step}
            precision={2}
            marks={MARKS}
            label={formatSimilarity}
            value={shownThreshold}
            onChange={setThreshold}
            disabled={disabled}
            mb="lg"
          />
          <Text size="xs" c="dimmed">
            Higher is stricter: fewer hits, fewer wrong answers. Default{' '}
            {formatSimilarity(SIMILARITY_SLIDER.default)}.
          </Text>
        </div>
        <Select
          label="Time to live"
          description="How long an answer stays in the cache"
          data={ttlOptions(config.ttl_seconds)}
          value={String(shownTtl)}
          onChange={(value) => value && setTtl(Number(value))}
          allowDeselect={false}
          disabled={disabled}
          maw={280}
        />
        <Select
          label="Embeddings"
          description="Local needs no network and costs nothing. A provider's embeddings are paid with this account's key for that provider; the threshold is tuned for the local embedder."
          data={EMBEDDER_OPTIONS}
          value={shownEmbedder}
          onChange={(value) => value && setEmbedder(value as CacheEmbedder)}
          allowDeselect={false}
          disabled={disabled}
          maw={420}
        />
        <FormError
          message={save.isError ? errorMessage(save.error, 'Failed to save configuration') : null}
        />
        {notice.text ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
            {notice.text}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={submit} loading={save.isPending} disabled={disabled || !unsaved}>
            Save Configuration
          </Button>
          {unsaved ? (
            <Text size="sm" c="orange.7">
              You have unsaved changes
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
