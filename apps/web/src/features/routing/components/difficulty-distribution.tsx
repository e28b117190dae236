import { Box, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { RoutingStats } from '@tokenwise/contracts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { type DifficultyRow, difficultyLabel, difficultyShares } from '../routing-figures.ts';

const COLORS: Record<DifficultyRow, string> = {
  simple: 'teal',
  medium: 'indigo',
  complex: 'grape',
  not_sampled: 'gray.4',
  not_scored: 'gray',
};
/** Where each class goes: said as a fact only while routing is on (docs/metrics.md). */
const TARGETS: Record<DifficultyRow, { on: string; off: string }> = {
  simple: { on: 'routed to Mini', off: 'would go to Mini with routing on' },
  medium: { on: 'routed to Core', off: 'would go to Core with routing on' },
  complex: { on: 'kept on the requested model', off: 'kept on the requested model' },
  not_sampled: {
    on: 'routing had no use for the score: only a sample of these is scored',
    off: 'routing had no use for the score: only a sample of these is scored',
  },
  not_scored: {
    on: 'cache hits, embeddings, errors and prompts too long to score',
    off: 'cache hits, embeddings, errors and prompts too long to score',
  },
};

/**
 * How the last 30 days' requests were classified, one bar per class plus those never scored, so
 * the bars add up to Total Requests.
 */
export function DifficultyDistribution({
  breakdown,
  routingEnabled,
}: {
  breakdown: RoutingStats['difficulty_breakdown'];
  routingEnabled: boolean;
}) {
  const shares = difficultyShares(breakdown);
  const none = shares.every((s) => s.count === 0);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>Difficulty Distribution</Title>
      <Text c="dimmed" size="sm" mb="sm">
        Every request of the last 30 days, by the difficulty scored for it (share of Total
        Requests).
        {breakdown.not_sampled > 0
          ? ' Requests routing did not act on (routing off, pinned models, baseline, passthrough) are scored as a sample, so the classes hold only that sample of them.'
          : ''}
      </Text>
      {none ? (
        <Text c="dimmed" size="sm">
          No requests in the last 30 days.
        </Text>
      ) : (
        <Stack gap="md">
          {shares.map((s) => (
            <Box
              key={s.difficulty}
              role="group"
              aria-label={`${difficultyLabel(s.difficulty)} requests`}
            >
              <Group justify="space-between" mb={4}>
                <Text fw={600}>
                  {difficultyLabel(s.difficulty)}{' '}
                  <Text span c="dimmed" size="sm" fw={400}>
                    {TARGETS[s.difficulty][routingEnabled ? 'on' : 'off']}
                  </Text>
                </Text>
                <Text size="sm" data-testid="difficulty-count">
                  {formatNumber(s.count)} ({formatPercent(s.percent)})
                </Text>
              </Group>
              <Progress
                value={s.percent}
                color={COLORS[s.difficulty]}
                size="lg"
                aria-label={`${difficultyLabel(s.difficulty)} share`}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
