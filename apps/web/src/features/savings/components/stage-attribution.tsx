import { Group, Progress, Stack, Text } from '@mantine/core';
import { chartCurrencyFormatter } from '../../../components/chart-format.ts';
import { Panel } from '../../../components/panel.tsx';
import { type ByStage, stageShares } from '../stage-shares.ts';

const STAGES: ReadonlyArray<{ key: keyof ByStage; label: string; color: string }> = [
  { key: 'cache', label: 'Semantic cache', color: 'teal' },
  { key: 'compression', label: 'Prompt compression', color: 'indigo' },
  { key: 'routing', label: 'Smart routing', color: 'violet' },
];

/**
 * How much of the saving each stage of the gateway earned: bars are shares of what the stages
 * saved; a stage that cost more (routing up to a pricier model) shows its cost in red. Sums under a
 * dollar get four decimals, as the charts' dollars do: a new team's first savings are fractions of a
 * cent, and bars of different lengths all labelled "$0.00" read as broken.
 */
export function StageAttribution({ byStage }: { byStage: ByStage }) {
  const shares = stageShares(byStage);
  const dollars = chartCurrencyFormatter(STAGES.map((stage) => byStage[stage.key]));
  return (
    <Panel title="Savings by Stage">
      <Stack gap="sm">
        {STAGES.map((stage) => {
          const share = shares[stage.key];
          return (
            <Stack gap={4} key={stage.key}>
              <Group justify="space-between">
                <Text size="sm">{stage.label}</Text>
                <Text size="sm" fw={600} c={share.costMore ? 'red' : undefined}>
                  {share.costMore
                    ? `${dollars(byStage[stage.key])} (cost more than it saved)`
                    : dollars(byStage[stage.key])}
                </Text>
              </Group>
              <Progress
                value={share.percent}
                color={share.costMore ? 'red' : stage.color}
                aria-label={stage.label}
              />
            </Stack>
          );
        })}
      </Stack>
    </Panel>
  );
}
