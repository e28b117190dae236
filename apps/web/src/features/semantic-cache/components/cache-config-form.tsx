import { Group, Paper, Select, Slider, Stack, Text, Title } from '@mantine/core';
import type { CacheConfig } from '@tokenwise/contracts';
import { MutationError } from '../../../components/form-error.tsx';
import { SaveRow } from '../../../components/save-row.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import { useDraft } from '../../../components/use-draft.ts';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { useSaveCacheConfig } from '../api/save-cache-config.ts';
import { formatSimilarity, SIMILARITY_SLIDER, ttlOptions } from '../cache-settings.ts';

const MARKS = [0.8, 0.85, 0.9, 0.95, 1].map((value) => ({ value, label: value.toFixed(2) }));

type CacheEmbedder = NonNullable<CacheConfig['embedder']>;

const EMBEDDER_OPTIONS: { value: CacheEmbedder; label: string }[] = [
  { value: 'local', label: 'Local (built in, default)' },
  { value: 'openai', label: 'OpenAI text-embedding-3-small' },
  { value: 'gemini', label: 'Gemini gemini-embedding-001' },
  { value: 'mistral', label: 'Mistral mistral-embed' },
];

/** Threshold, TTL and embedder, saved together with an explicit Save; the switch keeps its stored state. */
export function CacheConfigForm({ config, disabled }: { config: CacheConfig; disabled: boolean }) {
  const save = useSaveCacheConfig();
  const notice = useFlashMessage();
  const saved = {
    similarity_threshold: config.similarity_threshold,
    ttl_seconds: config.ttl_seconds,
    embedder: config.embedder ?? 'local',
  };
  const form = useDraft(saved);
  const { draft } = form;
  const unsaved =
    draft.similarity_threshold !== saved.similarity_threshold ||
    draft.ttl_seconds !== saved.ttl_seconds ||
    draft.embedder !== saved.embedder;

  function submit() {
    save.mutate(
      { enabled: config.enabled, ...draft },
      {
        onSuccess: () => {
          form.discard();
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
              {formatSimilarity(draft.similarity_threshold)}
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
            value={draft.similarity_threshold}
            onChange={(value) => form.change({ similarity_threshold: value })}
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
          description="How long an answer stored from now on stays in the cache (stored ones keep theirs; Clear All Cache drops them)"
          data={ttlOptions(config.ttl_seconds)}
          value={String(draft.ttl_seconds)}
          onChange={(value) => value && form.change({ ttl_seconds: Number(value) })}
          allowDeselect={false}
          disabled={disabled}
          maw={280}
        />
        <Select
          label="Embeddings"
          description="Local needs no network and costs nothing. A provider's embeddings are paid with this account's key for that provider; the threshold is tuned for the local embedder."
          data={EMBEDDER_OPTIONS}
          value={draft.embedder}
          onChange={(value) => value && form.change({ embedder: value as CacheEmbedder })}
          allowDeselect={false}
          disabled={disabled}
          maw={420}
        />
        <MutationError mutation={save} fallback="Failed to save configuration" />
        <SuccessNotice message={notice.message} />
        <SaveRow
          label="Save Configuration"
          onSave={submit}
          saving={save.isPending}
          unsaved={unsaved}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
