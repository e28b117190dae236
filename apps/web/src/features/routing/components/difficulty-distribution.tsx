import { Box, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { RoutingStats } from '@tokenwise/contracts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { type Difficulty, difficultyLabel, difficultyShares } from '../routing-figures.ts';

const COLORS: Record<Difficulty, string> = { simple: 'teal', medium: 'indigo', complex: 'grape' };
const TARGETS: Record<Difficulty, string> = {
  simple: 'routed to Mini',
  medium: 'routed to Core',
  complex: 'kept on the requested model',
};

/** How the last 30 days' requests were classified, one bar per class. */
export function DifficultyDistribution({
  breakdown,
}: {
  breakdown: RoutingStats['difficulty_breakdown'];
}) {
  const shares = difficultyShares(breakdown);
  const none = shares.every((s) => s.count === 0);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        Difficulty Distribution
      </Title>
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
                    {TARGETS[s.difficulty]}
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
