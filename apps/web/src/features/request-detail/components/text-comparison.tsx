import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import { useMemo } from 'react';
import { type DiffSegment, diffWords } from '../text-diff.ts';

interface SideProps {
  title: string;
  segments: DiffSegment[];
  /** Background of the words only this side has: red for removed, green for added. */
  highlight: string;
  missing: boolean;
}

function Side({ title, segments, highlight, missing }: SideProps) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Box
        component="pre"
        data-testid={`text-${title.toLowerCase()}`}
        p="sm"
        m={0}
        bg="gray.0"
        style={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-sm)',
          borderRadius: 'var(--mantine-radius-sm)',
          maxHeight: 480,
          overflow: 'auto',
        }}
      >
        {missing ? (
          <Text span c="dimmed" size="sm">
            Not recorded
          </Text>
        ) : (
          segments.map((segment, i) =>
            segment.changed ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
              <mark key={i} style={{ backgroundColor: highlight, color: 'inherit' }}>
                {segment.text}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
              <span key={i}>{segment.text}</span>
            ),
          )
        )}
      </Box>
    </Stack>
  );
}

/** The prompt before and after optimization side by side, with the differing words marked. */
export function TextComparison({ request }: { request: RequestDetail }) {
  // An empty text was never read: a request refused before its prompt was (no provider key) is
  // logged with '' on both sides, which the dashboard row already shows as not recorded.
  const original = request.original_text || null;
  // Without an optimized text the prompt went out unchanged (baseline, pass-through, error).
  const optimized = request.optimized_text || original;
  const diff = useMemo(() => diffWords(original ?? '', optimized ?? ''), [original, optimized]);
  const unchanged = original !== null && original === optimized;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb={4}>
        Text Comparison
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {original === null
          ? 'The prompt was not recorded for this request.'
          : unchanged
            ? 'The prompt was sent as written.'
            : 'Removed words are marked red in the original, added words green in the optimized text.'}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Side
          title="Original"
          segments={diff.original}
          highlight="var(--mantine-color-red-1)"
          missing={original === null}
        />
        <Side
          title="Optimized"
          segments={diff.optimized}
          highlight="var(--mantine-color-green-1)"
          missing={optimized === null}
        />
      </SimpleGrid>
    </Paper>
  );
}
