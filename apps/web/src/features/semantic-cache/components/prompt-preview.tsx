import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { usePreviewCache } from '../api/preview-cache.ts';
import { formatSimilarity } from '../cache-settings.ts';
import { previewVerdict } from '../preview-verdict.ts';

/** "Test a prompt": what the cache would answer, without calling a provider or storing anything. */
export function PromptPreview() {
  const preview = usePreviewCache();
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState('');
  const result = preview.data;
  const verdict = result ? previewVerdict(result) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmedModel = model.trim();
    preview.mutate({ prompt: prompt.trim(), ...(trimmedModel ? { model: trimmedModel } : {}) });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} aria-label="Test a prompt">
        <Stack gap="sm">
          <Title order={4}>Test a Prompt</Title>
          <Textarea
            label="Prompt"
            placeholder="How do I get a refund?"
            autosize
            minRows={2}
            value={prompt}
            onChange={(e) => setPrompt(e.currentTarget.value)}
          />
          <TextInput
            label="Model"
            description="Optional; entries are shared within one provider and model family"
            placeholder="gpt-4o-mini"
            value={model}
            onChange={(e) => setModel(e.currentTarget.value)}
            maw={320}
          />
          <Group>
            <Button
              type="submit"
              variant="light"
              loading={preview.isPending}
              disabled={!prompt.trim()}
            >
              Test Prompt
            </Button>
          </Group>
          <MutationError mutation={preview} fallback="Failed to test the prompt" />
          {result && verdict ? (
            <Stack gap={6} role="status" aria-label="Preview result">
              <Group gap="xs">
                <Badge color={verdict.hit ? 'teal' : 'gray'} size="lg">
                  {verdict.hit ? 'Would hit' : 'Would miss'}
                </Badge>
                {result.similarity !== null ? (
                  <Text size="sm">
                    Similarity <b>{formatSimilarity(result.similarity)}</b> (threshold{' '}
                    {formatSimilarity(result.threshold)})
                  </Text>
                ) : null}
                {verdict.refusedBy ? (
                  <Badge color="orange" variant="light">
                    Refused by: {verdict.refusedBy}
                  </Badge>
                ) : null}
              </Group>
              {result.match ? (
                <Text size="sm">
                  Best match:{' '}
                  <Text span fs="italic">
                    {result.match.prompt_preview}
                  </Text>
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {verdict.explanation}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
